/* eslint-disable no-control-regex -- this file is about control characters */
/**
 * What a hostile file, config or answer writes to take over a terminal, and how to find any of
 * it in what a terminal was sent. Each attack is named by what it does when it gets through.
 */
export const TERMINAL_ATTACKS = {
  'OSC 52 sets the clipboard': '\u001b]52;c;cm0gLXJmIH4K\u0007',
  'OSC 52 ended by ST': '\u001b]52;c;cm0gLXJmIH4K\u001b\\',
  'OSC 0 retitles the window': '\u001b]0;PWNED-TITLE\u0007',
  'OSC 2 retitles, ended by ST': '\u001b]2;PWNED-TITLE\u001b\\',
  'OSC 8 hides a link': '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\',
  'CSI moves the cursor and erases above': '\u001b[12;40H\u001b[1J',
  'CSI moves up over what was shown': '\u001b[7777A',
  'CSI asks the terminal to answer': '\u001b[6n\u001b[21t',
  'CSI hides text': '\u001b[8;38;2;1;2;3m',
  'CSI turns on mouse reports': '\u001b[?1000h',
  'DCS asks for a capability': '\u001bP+q544e\u001b\\',
  'DCS sixel': '\u001bPq#0;2;0;0;0#0!7~\u001b\\',
  'APC kitty graphics': '\u001b_Gf=100;AAAA\u001b\\',
  'PM and SOS': '\u001b^private\u001b\\\u001bXstring\u001b\\',
  'ESC c resets the terminal': '\u001bc',
  'ESC # 8 fills the screen': '\u001b#8',
  'C1 CSI': '\u009b2J',
  'C1 OSC retitles': '\u009d0;C1-TITLE\u0007',
  'C1 DCS': '\u0090+q544e\u009c',
  'C1 NEL and ST': '\u0085\u009c',
  'RLO reverses the line': '\u202eevil\u202c',
  'RLI isolates': '\u2067txt\u2069',
  'CR overwrites the line': 'READY\rREJECT',
  'BEL and backspace': '\u0007\u0008\u0008X',
  'unterminated OSC swallows the rest': '\u001b]0;',
} as const

/** One hostile string holding every attack, between words. */
export function allAttacks(label: string): string {
  return `${label} ${Object.values(TERMINAL_ATTACKS).join(' ~ ')} end`
}

/**
 * What a terminal was sent that a hostile text put there, as readable findings (none: clean).
 * `ownCsi` lists the CSI sequences the tool writes itself (its colours, the live progress rows'
 * cursor moves); any other CSI, any OSC, DCS, SOS, PM, APC, other escape, C1 control, C0 control
 * but tab, line feed and carriage return (a terminal's own line ends), and any bidi control is a
 * finding.
 */
export function foreignSequences(output: string, ownCsi: (csi: string) => boolean): string[] {
  const found: string[] = []
  const at = (index: number): string => JSON.stringify(output.slice(index, index + 24))
  for (let index = 0; index < output.length; index++) {
    const code = output.charCodeAt(index)
    if (code === 0x1b) {
      const csi = /^\u001b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]/.exec(output.slice(index))
      if (csi && ownCsi(csi[0])) {
        index += csi[0].length - 1
        continue
      }
      found.push(`escape ${at(index)}`)
    } else if ((code < 0x20 && ![0x09, 0x0a, 0x0d].includes(code)) || code === 0x7f) {
      found.push(`C0 control 0x${code.toString(16)} ${at(index)}`)
    } else if (code >= 0x80 && code <= 0x9f) {
      found.push(`C1 control 0x${code.toString(16)} ${at(index)}`)
    } else if (/[\u202a-\u202e\u2066-\u2069]/.test(output[index] ?? '')) {
      found.push(`bidi control U+${code.toString(16)} ${at(index)}`)
    }
  }
  return found
}

/** The SGR parameters the tool's colours use (Node's styleText, Ink): colours, bold, dim, inverse. */
const OWN_SGR = new Set([
  0, 1, 2, 7, 22, 27, 39, 49, 30, 31, 32, 33, 34, 35, 36, 37, 90, 91, 92, 93, 94, 95, 96, 97,
])

/** Whether a CSI is one of the tool's colours, or one of `exact` (its cursor moves). */
export function ownSequence(exact: readonly string[]): (csi: string) => boolean {
  return (csi) => {
    if (exact.includes(csi)) return true
    const sgr = /^\u001b\[([\d;]*)m$/.exec(csi)
    return sgr !== null && (sgr[1] ?? '').split(';').every((p) => OWN_SGR.has(Number(p || 0)))
  }
}

/** The CSI sequences inside the attacks: none may pass as one of the tool's own. */
export function attackCsis(): string[] {
  return Object.values(TERMINAL_ATTACKS).flatMap(
    (attack) => attack.match(/\u001b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]/g) ?? [],
  )
}
