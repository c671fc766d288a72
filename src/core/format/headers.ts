import type { HeaderEntry, ParsedDiscussion } from './model.js'

/** Header keys compare case-insensitively; the last occurrence of a key wins. */
export function findHeader(headers: readonly HeaderEntry[], key: string): HeaderEntry | undefined {
  const wanted = key.toLowerCase()
  for (let i = headers.length - 1; i >= 0; i--) {
    const entry = headers[i]
    if (entry && entry.key.toLowerCase() === wanted) return entry
  }
  return undefined
}

export function headerValue(parsed: ParsedDiscussion, key: string): string | null {
  const value = findHeader(parsed.headers, key)?.value.trim()
  return value ? value : null
}

/** `architect, security,pragmatist` -> ['architect', 'security', 'pragmatist'], lower-cased. */
export function splitList(value: string | null): string[] {
  if (!value) return []
  return value
    .split(/[,\s]+/)
    .map((item) => item.trim().replace(/^@/, '').toLowerCase())
    .filter((item) => item !== '')
}
