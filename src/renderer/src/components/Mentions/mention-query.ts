/**
 * The @mention being typed and what completing it writes: pure text work, so the composer's
 * completion can be tested without a page. A mention starts at `@` after the start of the text,
 * a space or an opening bracket (not inside an e-mail address) and runs to the caret.
 */

export interface MentionCandidate {
  /** As it is written after `@`: `architect`, `rob`. */
  alias: string
  /** As comments are signed: `AI-Architect`. */
  name: string
  /** What it does, shown beside it; empty when unknown. */
  role: string
  /** In this discussion already, or only a persona the folder knows. */
  source: 'participant' | 'persona'
}

export interface MentionQuery {
  /** Where the `@` is. */
  start: number
  /** What follows it up to the caret, as typed. */
  text: string
}

// Letters, digits, `_`, `.` and `-`, as the markdown's mention rule reads an alias.
const TYPED_MENTION = /(?:^|[\s([{>])@([\w.-]{0,64})$/

/** The mention the caret is at the end of, if any. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret)
  const match = TYPED_MENTION.exec(before)
  if (!match) return null
  const typed = match[1] ?? ''
  return { start: caret - typed.length - 1, text: typed }
}

/**
 * The candidates for what was typed: those whose alias or name starts with it first, then those
 * that hold it; participants before other personas; each alias once.
 */
export function matchMentions(
  candidates: readonly MentionCandidate[],
  typed: string,
  limit = 8,
): MentionCandidate[] {
  const wanted = typed.toLowerCase()
  const seen = new Set<string>()
  const unique = candidates.filter((c) => {
    const key = c.alias.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const rank = (c: MentionCandidate): number => {
    const alias = c.alias.toLowerCase()
    const name = c.name.toLowerCase()
    const starts = alias.startsWith(wanted) || name.startsWith(wanted)
    const holds = alias.includes(wanted) || name.includes(wanted)
    if (!holds) return -1
    return (starts ? 0 : 2) + (c.source === 'participant' ? 0 : 1)
  }
  return unique
    .map((candidate, order) => ({ candidate, order, rank: rank(candidate) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.candidate)
}

/** The text with the typed mention replaced by `@alias ` and the caret after it. */
export function completeMention(
  text: string,
  caret: number,
  query: MentionQuery,
  alias: string,
): { text: string; caret: number } {
  const inserted = `@${alias} `
  const after = text.slice(caret).replace(/^ /, '')
  return {
    text: text.slice(0, query.start) + inserted + after,
    caret: query.start + inserted.length,
  }
}
