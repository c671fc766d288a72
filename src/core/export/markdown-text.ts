/**
 * Text from a discussion placed into a record we write (an ADR): it was written by people and
 * models, so it must not be able to change the record's own structure. A line of text stays one
 * line; a block of text keeps its markdown but its headings sit below the section that holds it,
 * a line under a paragraph cannot turn it into a heading (setext), and a code fence it opens is
 * closed before the record goes on.
 */
import { closesFence, fenceOpener } from '../format/fences.js'
import type { FenceOpener } from '../format/fences.js'

/** Every run of whitespace (line breaks included) becomes one space; the ends are trimmed. */
export function oneLine(text: string): string {
  return text.replace(/[\s\u0085\u2028\u2029]+/g, ' ').trim()
}

/** At most `max` characters of `text` as one line, cut at a word with an ellipsis. */
export function shortLine(text: string, max = 120): string {
  const line = oneLine(text)
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export type Bullet = '*' | '-' | '+'

const ATX = /^( {0,3})(#{1,6})(?=[ \t]|$)/
/** A bullet list item's marker, inside quotes too; not a rule (`* * *`). */
const LIST_ITEM = /^((?:[ \t]*>)*[ \t]*)[-*+](?=[ \t]+\S)/
const RULE = /^(?:[ \t]*>)*[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/
/**
 * The HTML blocks that end only at a closing mark (`-->`, `</pre>`, `?>` ...), not at a blank
 * line: left open, one would swallow the rest of the record. Escaped, the line is plain text.
 */
const LONG_HTML_BLOCK =
  /^( {0,3})(?=<(?:(?:script|pre|style|textarea)(?:[\s>]|$)|!--|\?|![A-Za-z]|!\[CDATA\[))/i

/**
 * A block of markdown placed under a heading of level `level - 1`: its ATX headings move so the
 * shallowest is at `level` (keeping their distances), a setext underline gets a
 * blank line before it (a rule or plain text then), an HTML block that would run on until a
 * closing mark is escaped into text, every bullet list uses `bullet` (markdownlint wants one
 * style a file), and an unclosed fence is closed at the end.
 * Line breaks become `\n`; blank lines at both ends are dropped.
 */
export function embedBlock(text: string, level: number, bullet: Bullet = '*'): string {
  const lines = text.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').split('\n')
  let shallowest = 7
  const headings = new Set<number>()
  let fence: FenceOpener | null = null
  lines.forEach((line, index) => {
    if (fence) {
      if (closesFence(line, fence)) fence = null
      return
    }
    fence = fenceOpener(line)
    if (fence) return
    const atx = ATX.exec(line)
    if (atx) {
      headings.add(index)
      shallowest = Math.min(shallowest, atx[2]?.length ?? 7)
    }
  })
  // The shallowest heading lands on `level`, the others keep their distance below it.
  const shift = shallowest <= 6 ? level - shallowest : 0
  const out: string[] = []
  fence = null
  for (const [index, line] of lines.entries()) {
    if (fence) {
      out.push(line)
      if (closesFence(line, fence)) fence = null
      continue
    }
    fence = fenceOpener(line)
    if (fence) {
      out.push(line)
      continue
    }
    if (headings.has(index)) {
      const atx = ATX.exec(line)
      const depth = Math.min(6, (atx?.[2]?.length ?? 1) + shift)
      out.push(`${'#'.repeat(depth)}${line.slice(atx?.[0].length ?? 0)}`)
      continue
    }
    if (LONG_HTML_BLOCK.test(line)) {
      out.push(line.replace(LONG_HTML_BLOCK, '$1\\'))
      continue
    }
    const previous = out[out.length - 1]
    if (SETEXT_UNDERLINE.test(line) && previous !== undefined && previous.trim() !== '')
      out.push('', line) // after a blank line: a rule or plain text, never a heading
    else if (!RULE.test(line)) out.push(line.replace(LIST_ITEM, `$1${bullet}`))
    else out.push(line)
  }
  if (fence) out.push(fence.char.repeat(fence.length))
  while (out.length > 0 && (out[0] ?? '').trim() === '') out.shift()
  while (out.length > 0 && (out[out.length - 1] ?? '').trim() === '') out.pop()
  // Two blank lines in a row are one for markdown and a lint error for the ADR linters; so is
  // trailing white space, but for the two spaces of a hard line break.
  return out
    .map((line) =>
      /\S {2}$/.test(line) && !/ {3}$/.test(line) ? line : line.replace(/[ \t]+$/, ''),
    )
    .filter((line, index, all) => !(line === '' && all[index - 1] === ''))
    .join('\n')
}

/**
 * A section of a markdown text by its heading (any level, case-insensitive), up to the next
 * heading of the same or a higher level, outside code fences; null when there is none.
 */
export function sectionOf(text: string, heading: RegExp): string | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  let fence: FenceOpener | null = null
  let start = -1
  let depth = 0
  for (const [index, line] of lines.entries()) {
    if (fence) {
      if (closesFence(line, fence)) fence = null
      continue
    }
    fence = fenceOpener(line)
    if (fence) continue
    const atx = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/.exec(line)
    if (!atx) continue
    const level = atx[1]?.length ?? 1
    if (start >= 0 && level <= depth) return lines.slice(start, index).join('\n').trim()
    if (start < 0 && heading.test(atx[2] ?? '')) {
      start = index + 1
      depth = level
    }
  }
  return start >= 0 ? lines.slice(start).join('\n').trim() : null
}
