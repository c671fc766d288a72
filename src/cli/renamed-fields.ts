/**
 * A JSON field name means one thing in every command's `--json` (the consistency test checks it).
 * Where a command used a name that means something else elsewhere, it now says it under a name of
 * its own, and still under the old one for one release (deprecated in README, CLI reference).
 */
export interface RenamedField {
  /** The command's words: `status`, `debate stats`. */
  command: string
  /** The old name, deprecated. */
  field: string
  /** The name to read instead. */
  now: string
}

export const RENAMED_FIELDS: readonly RenamedField[] = [
  // `participants` is a list of aliases (parse, list, templates show).
  { command: 'status', field: 'participants', now: 'voters' },
  { command: 'participants list', field: 'participants', now: 'personas' },
  { command: 'debate status', field: 'participants', now: 'roster' },
  // `comments` is the comments themselves (parse).
  { command: 'list', field: 'comments', now: 'commentCount' },
  // `consensus` is the consensus verdict (status, turn).
  { command: 'debate stats', field: 'consensus', now: 'consensusCount' },
  // `votes` is each voter's vote (parse, list, votes).
  { command: 'turn', field: 'votes', now: 'voteCounts' },
  { command: 'list', field: 'votes', now: 'voteCounts' },
  // `concerns` is the CONCERN: markers raised (parse, status); a persona's are what it watches for.
  { command: 'participants show', field: 'concerns', now: 'watchesFor' },
  // `next` is who answers next (route).
  { command: 'debate status', field: 'next', now: 'nextStep' },
]

/** `value` with each renamed field of `command` under its new name too, just before the old. */
export function withRenamedFields(command: string, value: object): Record<string, unknown> {
  const renames = RENAMED_FIELDS.filter((rename) => rename.command === command)
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    const rename = renames.find((candidate) => candidate.field === key)
    if (rename) out[rename.now] = field
    out[key] = field
  }
  return out
}
