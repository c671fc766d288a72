/** A stable colour and initials for an author, so the same name looks the same everywhere. */
const COLOURS = [
  'blue',
  'teal',
  'grape',
  'orange',
  'cyan',
  'pink',
  'violet',
  'lime',
  'indigo',
  'red',
] as const

export type AuthorColour = (typeof COLOURS)[number]

export function authorColour(name: string): AuthorColour {
  let hash = 2166136261
  for (const char of name.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 16777619)
  }
  return COLOURS[(hash >>> 0) % COLOURS.length] ?? 'blue'
}

/** `AI-Architect` -> `AR`, `Rob Smith` -> `RS`. */
export function authorInitials(name: string): string {
  const words = name
    .replace(/^(ai|bot)[-_]/i, '')
    .split(/[\s_-]+/)
    .filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length === 1) return (words[0] ?? '?').slice(0, 2).toUpperCase()
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
    .toUpperCase()
}
