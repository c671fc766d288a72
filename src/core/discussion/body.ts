/**
 * The discussion's own text: what its author wrote above the first `---` (context, requirements,
 * open questions, an ADR's sections), without the `<!-- Key: value -->` header lines and without
 * the leading `# Title` heading that repeats the title shown above it.
 */
import type { ParsedDiscussion } from '../format/model.js'

const HEADER_COMMENT = /^\s*<!--.*-->\s*$/
const H1 = /^#\s+(.+?)\s*#*\s*$/

export function discussionBody(parsed: ParsedDiscussion, title: string | null): string {
  const first = parsed.segments[0]
  if (first?.kind !== 'content') return ''
  const lines = first.raw.replace(/\r\n?/g, '\n').split('\n')
  let start = 0
  while (start < lines.length) {
    const line = lines[start] ?? ''
    if (line.trim() === '' || HEADER_COMMENT.test(line)) start++
    else break
  }
  const heading = H1.exec(lines[start] ?? '')
  if (heading && (title === null || heading[1]?.trim() === title.trim())) start++
  return lines.slice(start).join('\n').trim()
}
