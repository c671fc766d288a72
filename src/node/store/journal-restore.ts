/**
 * Noticing that answers we appended have vanished from a discussion file (an editor saved a buffer
 * opened before they arrived) and appending them again at the end, so nothing is lost. A comment
 * counts as still there when the same author has a comment with the same body, or one that keeps
 * at least half of its lines (a person who fixed a typo in an answer did not lose it).
 */
import { parseDiscussion } from '../../core/format/parse.js'
import type { Comment } from '../../core/format/model.js'
import type { DiscussionFileStore } from './discussion-store.js'
import type { AppendJournal, JournalEntry } from './journal.js'

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

function stillThere(entry: JournalEntry, comments: readonly Comment[]): boolean {
  const same = comments.filter((comment) => comment.author === entry.author)
  if (same.some((comment) => comment.body === entry.body)) return true
  const wanted = lines(entry.body)
  if (wanted.length === 0) return same.length > 0
  return same.some((comment) => {
    const have = new Set(lines(comment.body))
    return wanted.filter((line) => have.has(line)).length * 2 >= wanted.length
  })
}

/** The journal entries whose comment is no longer in the file's text, oldest first. */
export function lostEntries(text: string, entries: readonly JournalEntry[]): JournalEntry[] {
  const { comments } = parseDiscussion(text)
  const seen = new Set<string>()
  return entries.filter((entry) => {
    // The same answer journaled twice is restored once.
    const key = `${entry.author}\0${entry.body}`
    if (seen.has(key)) return false
    seen.add(key)
    return !stillThere(entry, comments)
  })
}

const running = new Map<string, Promise<JournalEntry[]>>()

/**
 * Appends again, in their original order, the journaled comments missing from the file; returns
 * them (empty when nothing was lost). Calls for one file run one after another, so two change
 * events never restore the same answer twice.
 */
export function restoreLost(
  store: DiscussionFileStore,
  journal: AppendJournal,
  path: string,
): Promise<JournalEntry[]> {
  const previous = running.get(path) ?? Promise.resolve([])
  const next = previous
    .catch(() => [])
    .then(async () => {
      const entries = await journal.entries(path)
      if (entries.length === 0) return []
      let text: string
      try {
        text = (await store.read(path)).text
      } catch {
        return [] // deleted or renamed: nothing to restore into
      }
      const lost = lostEntries(text, entries)
      for (const entry of lost) {
        // The body already holds its VOTE line, so the vote comes back with it.
        await store.appendComment(path, { author: entry.author, text: entry.body, vote: null })
      }
      return lost
    })
  running.set(path, next)
  const forget = (): void => {
    if (running.get(path) === next) running.delete(path)
  }
  next.then(forget, forget)
  return next
}
