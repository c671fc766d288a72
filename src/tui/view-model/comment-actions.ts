/**
 * What the reading screen's comment actions make of a comment: its markdown (to copy), the quote
 * a reply starts with, and the OSC 52 sequence that hands text to the terminal's clipboard.
 */
import type { CommentView } from '../../core/discussion/describe.js'
import { matchMarker } from '../../core/format/markers.js'

/** The comment as markdown: its author as a heading, its text, its vote. */
export function commentMarkdown(comment: CommentView): string {
  const vote = comment.vote ? `\n\nVOTE: ${comment.vote}` : ''
  return `### ${comment.author}\n\n${comment.body.trim()}${vote}\n`
}

/**
 * A reply's opening: the author named, each line of the comment quoted, then a blank line. A
 * quoted marker line (`> VOTE: REJECT`, `> Q: ...`) would count as the replier's own vote or
 * question, so it is quoted after its author's name (`> AI-Security: VOTE: REJECT`), which no
 * reader takes for a marker; a line that still reads as one is left out.
 */
export function quoteReply(comment: CommentView): string {
  const quoted = comment.body
    .trim()
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return '>'
      const plain = `> ${line}`
      return matchMarker(plain) === null ? plain : `> ${comment.author}: ${line.trim()}`
    })
    .filter((line) => matchMarker(line) === null)
    .join('\n')
  return `@${comment.author.replace(/^AI-/i, '').toLowerCase()} wrote:\n${quoted}\n\n`
}

/**
 * OSC 52 "set the clipboard" for `text`. The text travels base64-encoded, so nothing in a comment
 * can end the sequence early or become a control sequence of its own.
 */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`
}
