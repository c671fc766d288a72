/** Terminal text helpers: cutting and wrapping by display columns, of sanitised text. */
import { sanitizeForTerminal } from '../../core/terminal/sanitize-for-terminal.js'

/**
 * Text as the terminal will show it, so it is measured as shown: escape sequences gone, bidi
 * controls made visible (the terminal sanitiser), a tab two spaces. The `Text` component
 * sanitises again whatever it draws; this is for the widths.
 */
export function clean(text: string): string {
  return sanitizeForTerminal(text).replace(/\t/g, '  ')
}

/** Pads or cuts to exactly `width` columns, with an ellipsis when cut. */
export function fit(text: string, width: number): string {
  if (width <= 0) return ''
  const chars = Array.from(clean(text))
  if (chars.length <= width) return chars.join('') + ' '.repeat(width - chars.length)
  return chars.slice(0, Math.max(0, width - 1)).join('') + '…'
}

/** A line's characters as `wrap` walks them, by index. */
interface Characters {
  length: number
  at(index: number): string | undefined
  slice(start: number, end?: number): string
  /** The index of the last space at or before `index`; -1 for none. */
  lastSpace(index: number): number
}

/** Any half of a surrogate pair: a character that takes two UTF-16 units. */
const SURROGATE = /[\uD800-\uDFFF]/

/** One UTF-16 unit per character (no surrogate pairs): the string itself, indexed directly. */
function byUnits(text: string): Characters {
  return {
    length: text.length,
    at: (index) => text[index],
    slice: (start, end) => text.slice(start, end),
    lastSpace: (index) => text.lastIndexOf(' ', index),
  }
}

function byCodePoints(text: string): Characters {
  const chars = Array.from(text)
  return {
    length: chars.length,
    at: (index) => chars[index],
    slice: (start, end) => chars.slice(start, end).join(''),
    lastSpace: (index) => chars.lastIndexOf(' ', index),
  }
}

/**
 * Wraps one line at spaces to `width` columns; words longer than a line are cut. Walks the line
 * once, so a paragraph of megabytes wraps in time proportional to its length; a line without
 * surrogate pairs (nearly every line) is cut by index, without an array of its characters.
 */
export function wrap(line: string, width: number): string[] {
  const text = clean(line)
  if (width <= 0) return [text]
  const chars = SURROGATE.test(text) ? byCodePoints(text) : byUnits(text)
  if (chars.length <= width) return [text]
  const out: string[] = []
  let start = 0
  while (chars.length - start > width) {
    let cut = chars.lastSpace(start + width)
    if (cut <= start) cut = start + width
    out.push(chars.slice(start, cut).trimEnd())
    start = cut
    while (chars.at(start) === ' ') start++
  }
  if (start < chars.length) out.push(chars.slice(start))
  return out
}
