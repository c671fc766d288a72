/**
 * Noticing that answers we appended have vanished from a discussion file (an editor saved a buffer
 * opened before they arrived) and appending them again at the end, so nothing is lost. A comment
 * counts as still there when the same author has a comment with the same body, or one that keeps
 * at least half of its lines (a person who fixed a typo in an answer did not lose it).
 */
import { currentPhase } from '../../core/discussion/describe.js'
import { parseDiscussion } from '../../core/format/parse.js'
import type { Comment } from '../../core/format/model.js'
import type { DiscussionFileStore } from './discussion-store.js'
import type { AppendJournal, JournalEntry } from './journal.js'
import { bodyAsWritten } from '../../core/format/comment-body.js'
import { admitName, admitText } from '../../core/text/text.js'

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
    if (entry.phase) return false
    // The same answer journaled twice is restored once.
    const key = `${entry.author}\0${entry.body}`
    if (seen.has(key)) return false
    seen.add(key)
    return !stillThere(entry, comments)
  })
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A phase change the app made whose marker an older copy saved over the file took away. */
export interface LostPhase {
  /** When the app made the change (ms since the epoch). */
  at: number
  from: string
  to: string
  /** Made again; false when the file has moved to another phase since, so it was left alone. */
  restored: boolean
  /** The file's phase when it was found lost. */
  current: string | null
}

/** The newest phase change the app recorded, when its marker is no longer in the file. */
export function lostPhase(text: string, entries: readonly JournalEntry[]): LostPhase | null {
  const entry = entries.findLast((candidate) => candidate.phase)
  const last = entry?.phase
  if (!entry || !last) return null
  const marker = new RegExp(
    `<!--\\s*PHASE-TRANSITION:\\s*${escape(last.from)}\\s*->\\s*${escape(last.to)}\\s*-->`,
    'i',
  )
  if (marker.test(text)) return null
  const current = currentPhase(parseDiscussion(text))
  // Only a file back at the phase it was changed from is the old copy: anything else was a choice.
  return { at: entry.at, from: last.from, to: last.to, current, restored: current === last.from }
}

export interface RestoreOutcome {
  /** Comments appended again, in their original order. */
  comments: JournalEntry[]
  /** The phase change the old copy took away, restored or (when the file moved on) only told. */
  phase: LostPhase | null
}

const running = new Map<string, Promise<RestoreOutcome>>()

/**
 * Appends again, in their original order, the journaled comments missing from the file; returns
 * them (empty when nothing was lost). Calls for one file run one after another, so two change
 * events never restore the same answer twice.
 */
export async function restoreLost(
  store: DiscussionFileStore,
  journal: AppendJournal,
  path: string,
): Promise<JournalEntry[]> {
  return (await restoreLostChanges(store, journal, path)).comments
}

/**
 * Like `restoreLost`, and the newest phase change too: its transition is recorded again (before
 * the comments, which belong to the new phase) when the file is back at the phase it left.
 */
export function restoreLostChanges(
  store: DiscussionFileStore,
  journal: AppendJournal,
  path: string,
): Promise<RestoreOutcome> {
  const nothing: RestoreOutcome = { comments: [], phase: null }
  const previous = running.get(path) ?? Promise.resolve(nothing)
  const next = previous
    .catch(() => nothing)
    .then(async () => {
      const entries = await journal.entries(path)
      if (entries.length === 0) return nothing
      let text: string
      try {
        text = (await store.read(path)).text
      } catch {
        return nothing // deleted or renamed: nothing to restore into
      }
      const phase = lostPhase(text, entries)
      if (phase?.restored)
        await store.recordPhaseTransition(path, admitText(phase.from), admitText(phase.to))
      const lost = lostEntries(text, entries)
      for (const entry of lost) {
        // The body already holds its VOTE line, so the vote comes back with it: it is written as
        // it was read back, engine lines and all (the journal keeps only what the store wrote).
        await store.appendComment(path, {
          author: admitName(entry.author),
          body: bodyAsWritten(admitText(entry.body)),
          vote: null,
        })
      }
      return { comments: lost, phase }
    })
  running.set(path, next)
  const forget = (): void => {
    if (running.get(path) === next) running.delete(path)
  }
  next.then(forget, forget)
  return next
}
