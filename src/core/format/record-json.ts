/**
 * A record's JSON as one line of plain ASCII, for the engine's `<!-- word: {...} -->` lines: a
 * `-->` in a provider's or model's name must not end the HTML comment early, and a line break or
 * control in one (JSON leaves U+2028 and C1 as they are) must not split or hide it.
 */
export function recordJson(value: unknown): string {
  return JSON.stringify(value).replace(/--|[^\u0020-\u007e]/g, (match) =>
    match === '--' ? '-\\u002d' : `\\u${match.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The JSON object of an engine record line `pattern` matches (its group 1), or null. */
export function readRecordJson(pattern: RegExp, line: string): Record<string, unknown> | null {
  const match = pattern.exec(line)
  if (!match?.[1]) return null
  let value: unknown
  try {
    value = JSON.parse(match[1])
  } catch {
    return null
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
}
