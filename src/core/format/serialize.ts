import type { Name } from '../text/text.js'
import type { CommentBody } from './comment-body.js'
import type { ParsedDiscussion, Vote } from './model.js'

/** Gives back the exact bytes the discussion was parsed from. */
export function serializeDiscussion(parsed: ParsedDiscussion): string {
  return parsed.segments.map((segment) => segment.raw).join('')
}

/**
 * The text appended for one comment, in the layout every discussion keeps: a blank line,
 * `Name: X`, a blank line, the body, the vote line written once by us, a blank line, and `---`
 * (the blank line before it stops markdown reading `---` as a heading underline). The name is one
 * line and the body composed and escaped (`comment-body.ts`), so the block can only be one block.
 * It is meant to follow a file that ends with a `---` line.
 */
export function formatCommentBlock(
  author: Name,
  body: CommentBody,
  vote: Vote | null = null,
): string {
  const parts = [body, vote ? `VOTE: ${vote}` : ''].filter((part) => part !== '')
  const text = parts.length > 0 ? `${parts.join('\n\n')}\n\n` : ''
  return `\nName: ${author}\n\n${text}---\n`
}
