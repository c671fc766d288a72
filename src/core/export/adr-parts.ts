/**
 * The pieces every ADR flavour writes the same way: items with who raised them, the context, the
 * chosen option's sentence, the dissent and the link back to the discussion.
 */
import type { DecisionItem, DecisionRecord } from './decision-record.js'
import { embedBlock, oneLine } from './markdown-text.js'
import type { Bullet } from './markdown-text.js'

export type { Bullet } from './markdown-text.js'

export function list(bullet: Bullet, lines: readonly string[]): string[] {
  return lines.map((line) => `${bullet} ${line}`)
}

/** `text (author, line 12)`, one line. */
export function itemLine(item: DecisionItem): string {
  const where = item.line !== null ? `, line ${item.line}` : ''
  return `${oneLine(item.text)} (${oneLine(item.author)}${where})`
}

/** The item after "because": its first letter small unless it starts an acronym (`JWTs ...`). */
export function becauseLine(item: DecisionItem): string {
  const line = itemLine(item)
  return /^[A-Z][a-z]/.test(line) ? `${line.charAt(0).toLowerCase()}${line.slice(1)}` : line
}

/** The context as a block under a `##` section, or a line saying there is none. */
export function contextBlock(record: DecisionRecord, bullet: Bullet): string {
  const block = embedBlock(record.context, 3, bullet)
  return block === '' ? 'The discussion states no context of its own.' : block
}

/** MADR's sentence: `Chosen option: "X", because Y.` */
export function chosenSentence(record: DecisionRecord): string {
  const title = oneLine(record.chosen.title)
  const because = oneLine(record.because).replace(/\.$/, '')
  if (record.status === 'rejected')
    return `Chosen option: none. "${title}" was rejected, because ${because}.`
  return `Chosen option: "${title}", because ${because}.`
}

export function dissentLines(record: DecisionRecord): string[] {
  return record.dissent.map((d) => {
    const reason = d.reason ? `: ${oneLine(d.reason)}` : ''
    return `${oneLine(d.name)} voted ${oneLine(d.position)}${reason}`
  })
}

/** A markdown link to the discussion; `<...>` keeps a path with spaces or parentheses whole. */
export function sourceLink(record: DecisionRecord): string {
  const target = /[\s()<>]/.test(record.source)
    ? `<${record.source.replace(/[<>\n]/g, '')}>`
    : record.source
  const label = record.source.split('/').pop() ?? record.source
  return `[${label.replace(/[[\]\\]/g, '\\$&')}](${target})`
}

const capital = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

/** `Accepted`, as adr-tools writes its status. */
export function statusWord(record: DecisionRecord): string {
  return capital(record.status)
}

/** Sections joined with one blank line, ending with one newline. */
export function joinSections(sections: readonly (string | readonly string[])[]): string {
  const blocks = sections
    .map((section) => (typeof section === 'string' ? section : section.join('\n')))
    .filter((block) => block.trim() !== '')
  return `${blocks.join('\n\n')}\n`
}
