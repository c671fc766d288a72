import { escapeCommentBody } from './escape.js'
import type { ParsedDiscussion, Vote } from './model.js'

/** Gives back the exact bytes the discussion was parsed from. */
export function serializeDiscussion(parsed: ParsedDiscussion): string {
  return parsed.segments.map((segment) => segment.raw).join('')
}

export class InvalidAuthorError extends Error {}

/** Author names are one line of visible text; `Name:` must stay a single line. */
export function normalizeAuthor(author: string): string {
  const name = author.replace(/[\s\u0085]+/g, ' ').trim()
  if (name === '') throw new InvalidAuthorError('The author name is empty.')
  return name
}

/**
 * The text appended for one comment, in the layout every discussion keeps: a blank line,
 * `Name: X`, a blank line, the body (escaped), the vote line written once by us, a blank line, and
 * `---` (the blank line before it stops markdown reading `---` as a heading underline).
 * It is meant to follow a file that ends with a `---` line.
 */
export function formatCommentBlock(author: string, text: string, vote: Vote | null = null): string {
  const parts = [escapeCommentBody(text), vote ? `VOTE: ${vote}` : ''].filter((part) => part !== '')
  const body = parts.length > 0 ? `${parts.join('\n\n')}\n\n` : ''
  return `\nName: ${normalizeAuthor(author)}\n\n${body}---\n`
}
