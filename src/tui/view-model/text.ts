/** Terminal text helpers: cutting and wrapping by display columns, and removing escapes. */

// Control characters (escape sequences, bells, carriage returns) from a hostile file must never
// reach the terminal, where they could move the cursor, retitle the window or hide text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

export function clean(text: string): string {
  return text.replace(/\t/g, '  ').replace(CONTROL, '')
}

/** Pads or cuts to exactly `width` columns, with an ellipsis when cut. */
export function fit(text: string, width: number): string {
  if (width <= 0) return ''
  const chars = Array.from(clean(text))
  if (chars.length <= width) return chars.join('') + ' '.repeat(width - chars.length)
  return chars.slice(0, Math.max(0, width - 1)).join('') + '…'
}

/** Wraps one line at spaces to `width` columns; words longer than a line are cut. */
export function wrap(line: string, width: number): string[] {
  const text = clean(line)
  if (width <= 0) return [text]
  const chars = Array.from(text)
  if (chars.length <= width) return [text]
  const out: string[] = []
  let rest = chars
  while (rest.length > width) {
    let cut = rest.lastIndexOf(' ', width)
    if (cut <= 0) cut = width
    out.push(rest.slice(0, cut).join('').trimEnd())
    rest = rest.slice(cut)
    while (rest[0] === ' ') rest = rest.slice(1)
  }
  if (rest.length > 0) out.push(rest.join(''))
  return out
}
