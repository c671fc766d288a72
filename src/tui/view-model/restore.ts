/**
 * What the terminal UI says when another program saved an older copy over the open discussion:
 * the question (what is gone, what restoring does) and, afterwards, what was done.
 */
import type { LostChanges } from '../session.js'

const phaseName = (id: string | null): string => (id ? id.replace(/_/g, ' ') : 'none')

function comments(authors: readonly string[]): string {
  const count = authors.length
  return `${count} comment${count === 1 ? '' : 's'} (${[...new Set(authors)].join(', ')})`
}

/** The lines of the question; the last one says which keys answer it (when there is a choice). */
export function lostQuestion(changes: LostChanges): string[] {
  const name = changes.path.split(/[\\/]/).pop() ?? changes.path
  const gone: string[] = []
  if (changes.authors.length > 0) gone.push(comments(changes.authors))
  if (changes.phase)
    gone.push(`the move from ${phaseName(changes.phase.from)} to ${phaseName(changes.phase.to)}`)
  const lines = [
    `${name} was saved over from an older copy by another program; gone from it: ${gone.join(' and ')}.`,
  ]
  if (changes.phase && !changes.phase.restored)
    lines.push(
      `The phase is now ${phaseName(changes.phase.current)}, so the move is not made again; a advances when you choose.`,
    )
  if (changes.authors.length > 0 || changes.phase?.restored)
    lines.push(
      'y restores them from the journal (appended at the end) · n leaves the file as it is',
    )
  return lines
}

/** What restoring did. */
export function restoredNote(restored: LostChanges): string {
  const parts: string[] = []
  if (restored.authors.length > 0) parts.push(`${comments(restored.authors)} appended again`)
  if (restored.phase?.restored)
    parts.push(
      `the move from ${phaseName(restored.phase.from)} to ${phaseName(restored.phase.to)} made again`,
    )
  if (parts.length === 0) return 'Nothing was missing any more; the file is as it was.'
  return `Restored from the journal: ${parts.join('; ')}. Reload any editor before saving again.`
}
