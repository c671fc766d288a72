/**
 * Where the person was reading a discussion, kept per discussion file in the page's local
 * storage, so a long thread reopens there (or at what was added since) instead of at the top.
 */
export interface ReadingPosition {
  /** The first comment in view. */
  index: number
  /** Pixels scrolled into that comment. */
  offset: number
  /** How many comments there were: more now means new activity to open at. */
  count: number
  /** The person was following the end. */
  atEnd: boolean
}

const key = (path: string): string => `discussions.reading:${path}`

function isPosition(value: unknown): value is ReadingPosition {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  const whole = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 0
  return whole(v.index) && whole(v.offset) && whole(v.count) && typeof v.atEnd === 'boolean'
}

export function readPosition(path: string): ReadingPosition | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(path)) ?? 'null')
    return isPosition(value) ? value : null // anything else in storage is ignored, not trusted
  } catch {
    return null
  }
}

export function savePosition(path: string, position: ReadingPosition): void {
  try {
    localStorage.setItem(key(path), JSON.stringify(position))
  } catch {
    // storage full or disabled: the next open starts at the top
  }
}
