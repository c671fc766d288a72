/**
 * The lines of a file as an index: each line's text (without its ending) and where it starts.
 * `starts` has one more entry than `texts` (the end of the file), so any run of lines maps back to
 * the exact source bytes with one slice.
 */
export interface LineIndex {
  texts: string[]
  starts: number[]
}

/**
 * Splits on `\n`; a `\r` before it is not part of the text. A final line without a newline is kept;
 * a trailing newline does not produce an extra empty line.
 */
export function indexLines(source: string): LineIndex {
  const texts: string[] = []
  const starts: number[] = []
  let start = 0
  while (start < source.length) {
    const newline = source.indexOf('\n', start)
    starts.push(start)
    if (newline === -1) {
      texts.push(source.slice(start))
      start = source.length
    } else {
      const end = newline > start && source.charCodeAt(newline - 1) === 13 ? newline - 1 : newline
      texts.push(source.slice(start, end))
      start = newline + 1
    }
  }
  starts.push(source.length)
  return { texts, starts }
}

const ONLY_WHITESPACE = /^\s*$/

/** Whitespace only, as `trim()` sees it; tested without building a trimmed copy of every line. */
export const isBlank = (text: string): boolean => {
  if (text.length === 0) return true
  const first = text.charCodeAt(0)
  // Printable ASCII is never whitespace: most lines end here.
  if (first > 32 && first < 127) return false
  return ONLY_WHITESPACE.test(text)
}

/** The block delimiter: exactly three hyphens at the start of the line (trailing blanks allowed). */
export const DELIMITER_LINE = /^---[ \t]*$/

/** A line that may be the block delimiter: a cheap test before the regular expression. */
export const isDelimiterText = (text: string): boolean =>
  text.charCodeAt(0) === 45 && DELIMITER_LINE.test(text)
