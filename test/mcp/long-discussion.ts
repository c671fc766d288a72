/** A long discussion for the paging tests: 500 comments of every size, as the store writes them. */
import { personBody } from '../../src/core/format/comment-body.js'
import { formatCommentBlock } from '../../src/core/format/serialize.js'
import { admitName, admitText } from '../../src/core/text/text.js'

/** A comment block as the store writes one, through the door for text. */
const formatBlock = (author: string, text: string, vote: 'READY' | 'CHANGES' | null): string =>
  formatCommentBlock(admitName(author), personBody(admitText(text)), vote)

export const HEADER = (title: string): string =>
  [
    '<!-- DISCUSSION -->',
    `<!-- Title: ${title} -->`,
    '<!-- Phase: initial_feedback -->',
    '<!-- Status: OPEN -->',
    '<!-- Template: feature -->',
    '<!-- Participants: architect, security, pragmatist -->',
    '',
    `# ${title}`,
    '',
    '---',
    '',
  ].join('\n')

/** Comments of every size a long thread has: one-liners, pages of text, one far over a page. */
export function longDiscussion(count: number): string {
  const authors = ['AI-Architect', 'AI-Security', 'AI-Pragmatist', 'Rob']
  const blocks: string[] = []
  for (let i = 0; i < count; i++) {
    const size = i === 250 ? 30_000 : ([40, 400, 1_200, 3_000][i % 4] ?? 40)
    const sentence = `Comment ${i} says "why not?" and weighs a trade-off.\n`
    const body = `${sentence.repeat(Math.ceil(size / sentence.length))}\nQ: question ${i}?\nCONCERN: concern ${i}`
    blocks.push(
      formatBlock(
        authors[i % 4] ?? 'Rob',
        body,
        i % 3 === 0 ? 'READY' : i % 7 === 0 ? 'CHANGES' : null,
      ),
    )
  }
  return HEADER('A long thread') + blocks.join('')
}
