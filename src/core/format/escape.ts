/**
 * Comment text that would read as structure is escaped on write and unescaped on read, so one
 * append always adds exactly one block whose text parses back unchanged:
 * - a `---` line (which would end the block) gains one leading space; markdown still reads
 *   ` ---` as the same rule or underline, and our delimiter needs column 0;
 * - a fence opener that is never closed (which would swallow every later block) gains a backslash,
 *   so markdown shows the backticks literally.
 * Both escapes are bijective: lines that already look escaped gain one more space or backslash.
 */
import { mapFences } from './fences.js'

const HYPHEN_RULE = /^( *)---[ \t]*$/
const ESCAPED_HYPHEN_RULE = /^ +---[ \t]*$/
const BACKSLASHED_FENCE = /^(\s*)(\\+)(`{3,}|~{3,})/
const INDENT = /^\s*/

/**
 * Every line break a reader might see becomes `\n`: CRLF, the doubled `\r\r\n` of a file converted
 * twice, a lone `\r` (a line ending to CommonMark), U+2028, U+2029 and NEL (U+0085). The parser splits
 * on `\n` only and drops one `\r` before it, so a `\r` left in the text could turn an escaped
 * `---\r` back into a delimiter; after this no comment text holds a `\r` at all.
 */
const LINE_BREAK = /\r?\r\n|\r|\u2028|\u2029|\u0085/g

/** Line breaks to LF, and no blank lines at the start or end: the layout adds those. */
export function normalizeCommentText(text: string): string {
  const lines = text.replace(LINE_BREAK, '\n').split('\n')
  while (lines.length > 0 && (lines[0] ?? '').trim() === '') lines.shift()
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop()
  return lines.join('\n')
}

function insertBackslash(line: string): string {
  const indent = INDENT.exec(line)?.[0] ?? ''
  return `${indent}\\${line.slice(indent.length)}`
}

export function escapeCommentBody(text: string): string {
  const lines = normalizeCommentText(text)
    .split('\n')
    .map((line) => {
      if (HYPHEN_RULE.test(line)) return ` ${line}`
      if (BACKSLASHED_FENCE.test(line)) return insertBackslash(line)
      return line
    })
  // Escaping one unclosed opener can expose another inside it, so repeat until all are closed.
  for (;;) {
    const { unclosed } = mapFences(lines)
    const opener = unclosed[0]
    if (opener === undefined) break
    lines[opener] = insertBackslash(lines[opener] ?? '')
  }
  return lines.join('\n')
}

export function unescapeCommentLine(line: string): string {
  if (!line.includes('---') && !line.includes('\\')) return line
  if (ESCAPED_HYPHEN_RULE.test(line)) return line.slice(1)
  const fence = BACKSLASHED_FENCE.exec(line)
  if (fence) {
    const indent = fence[1] ?? ''
    return indent + line.slice(indent.length + 1)
  }
  return line
}
