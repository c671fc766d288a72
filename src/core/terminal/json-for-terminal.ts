/**
 * JSON that is safe to print to a terminal and still the same JSON. `JSON.stringify` escapes the
 * C0 controls but leaves DEL, the C1 controls (0x9b is CSI, 0x9d OSC) and the bidi controls raw,
 * and these can only stand inside strings; written as `\u009b` they mean the same to any parser
 * and nothing to a terminal. So `--json` output passes the terminal sanitiser unchanged.
 */

const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

export function jsonForTerminal(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(
    RAW_IN_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
