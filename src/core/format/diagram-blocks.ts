/**
 * Bare diagram blocks: PlantUML written straight into a comment, without a code fence, from a
 * line starting `@startuml` (or `@startmindmap`, `@startgantt` ...) to the line starting the
 * matching `@end…`. Like a fence, such a block is content: its `@startuml` is a directive, not a
 * mention, and nothing inside it names a persona.
 */

const START = /^\s*@start([a-z]+)\b/i
const END = /^\s*@end([a-z]+)\b/i

export interface DiagramBlock {
  /** 0-based index of the `@start…` line. */
  start: number
  /** 0-based index of the matching `@end…` line. */
  end: number
}

/**
 * The closed bare blocks of `texts`, in order. Lines marked in `skip` (a fence's lines) never
 * open or close a block.
 */
export function findDiagramBlocks(texts: readonly string[], skip?: Uint8Array): DiagramBlock[] {
  const blocks: DiagramBlock[] = []
  let i = 0
  while (i < texts.length) {
    const text = texts[i] ?? ''
    const start = skip?.[i] || !text.includes('@') ? null : START.exec(text)
    if (!start) {
      i++
      continue
    }
    const kind = (start[1] ?? '').toLowerCase()
    let j = i + 1
    while (
      j < texts.length &&
      (skip?.[j] || (END.exec(texts[j] ?? '')?.[1] ?? '').toLowerCase() !== kind)
    )
      j++
    if (j >= texts.length) {
      i++ // never closed: not a block
      continue
    }
    blocks.push({ start: i, end: j })
    i = j + 1
  }
  return blocks
}

/**
 * Marks the lines of every bare diagram block in `texts` (1 = directive or inside a block), and
 * any lone `@start…`/`@end…` directive line; a directive that is never closed marks its own line
 * only, so one stray `@startuml` does not hide the rest of the comment.
 */
export function mapDiagramBlocks(texts: readonly string[], skip?: Uint8Array): Uint8Array {
  const marked = new Uint8Array(texts.length)
  texts.forEach((text, i) => {
    if (!skip?.[i] && (START.test(text) || END.test(text))) marked[i] = 1
  })
  for (const block of findDiagramBlocks(texts, skip)) marked.fill(1, block.start, block.end + 1)
  return marked
}
