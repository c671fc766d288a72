/**
 * A comment as something to share: its address (the app opens `…#/discussion?path=…&comment=N`
 * at that comment, N as `parse` numbers it), its text as markdown, and a quote to reply to it.
 */
import type { CommentInfo } from '@shared/contract'
import { routeHash } from './route'

/** The address of a comment in this app (the page's own origin, without its sign-in token). */
export function commentLink(path: string, index: number): string {
  return `${location.origin}${location.pathname}${routeHash({ view: 'discussion', path, comment: index })}`
}

/** The comment as the discussion file holds it: the author's `Name:` line, then the body. */
export function commentAsMarkdown(comment: Pick<CommentInfo, 'author' | 'body'>): string {
  return `Name: ${comment.author}\n${comment.body}\n`
}

/** A reply's opening: the comment quoted line by line, after a mention of its author. */
export function quoteReply(comment: Pick<CommentInfo, 'author' | 'body'>): string {
  const mention = `@${comment.author.replace(/^(ai|bot)[-_]/i, '').toLowerCase()}`
  const quoted = comment.body
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')
  return `${mention} wrote:\n${quoted}\n\n`
}
