/**
 * Finds fenced code blocks, whose text is content: no delimiter, header, phase marker or marker
 * counts inside them. Follows CommonMark's fence rules (``` or ~~~, at least three, closed by the
 * same character at least as long; a backtick fence's info string has no backtick), except that
 * any indentation opens a fence, so fences nested in lists are honoured too.
 * An unclosed fence runs to the end of the file, as in CommonMark; `validate` reports it and our
 * writers never leave one open.
 */

const OPENER = /^\s*(`{3,}|~{3,})(.*)$/
const CLOSER = /^\s*(`{3,}|~{3,})[ \t]*$/

export interface FenceOpener {
  char: '`' | '~'
  length: number
}

export function fenceOpener(text: string): FenceOpener | null {
  if (!text.includes('```') && !text.includes('~~~')) return null // fast path for most lines
  const match = OPENER.exec(text)
  if (!match) return null
  const run = match[1] ?? ''
  const char = run[0] === '`' ? '`' : '~'
  if (char === '`' && (match[2] ?? '').includes('`')) return null
  return { char, length: run.length }
}

export function closesFence(text: string, opener: FenceOpener): boolean {
  if (!text.includes(opener.char.repeat(3))) return false
  const match = CLOSER.exec(text)
  if (!match) return false
  const run = match[1] ?? ''
  return run[0] === opener.char && run.length >= opener.length
}

export interface FenceMap {
  /** inFence[i] is 1 when line i (0-based) is an opener, a closer or inside a fence. */
  inFence: Uint8Array
  /** 0-based indexes of openers that are never closed. */
  unclosed: number[]
}

export function mapFences(texts: readonly string[]): FenceMap {
  const inFence = new Uint8Array(texts.length)
  const unclosed: number[] = []
  let i = 0
  while (i < texts.length) {
    const opener = fenceOpener(texts[i] ?? '')
    if (!opener) {
      i++
      continue
    }
    let j = i + 1
    while (j < texts.length && !closesFence(texts[j] ?? '', opener)) j++
    const last = Math.min(j, texts.length - 1)
    inFence.fill(1, i, last + 1)
    if (j >= texts.length) unclosed.push(i)
    i = j + 1
  }
  return { inFence, unclosed }
}
