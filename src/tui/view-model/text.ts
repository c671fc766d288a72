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

/**
 * Wraps one line at spaces to `width` columns; words longer than a line are cut. Walks the line
 * once, so a paragraph of megabytes wraps in time proportional to its length.
 */
export function wrap(line: string, width: number): string[] {
  const text = clean(line)
  if (width <= 0) return [text]
  const chars = Array.from(text)
  if (chars.length <= width) return [text]
  const out: string[] = []
  let start = 0
  while (chars.length - start > width) {
    let cut = chars.lastIndexOf(' ', start + width)
    if (cut <= start) cut = start + width
    out.push(chars.slice(start, cut).join('').trimEnd())
    start = cut
    while (chars[start] === ' ') start++
  }
  if (start < chars.length) out.push(chars.slice(start).join(''))
  return out
}
