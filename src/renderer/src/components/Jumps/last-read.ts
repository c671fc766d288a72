/**
 * How many comments a discussion had when a person last opened it, kept per person and file in
 * the page's local storage beside the reading position: the list counts what is new since, and
 * "first unread" jumps to it.
 */
const key = (person: string, path: string): string =>
  `discussions.read:${person.toLowerCase()}:${path}`

export function readCount(person: string, path: string): number | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(person, path)) ?? 'null')
    // Anything else in storage is ignored, not trusted.
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null
  } catch {
    return null
  }
}

export function saveReadCount(person: string, path: string, count: number): void {
  try {
    localStorage.setItem(key(person, path), JSON.stringify(count))
  } catch {
    // storage full or disabled: everything counts as new next time
  }
}
