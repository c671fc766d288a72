/** One line of a file: `text` without its line ending, `raw` with it (so raw lines rebuild the file). */
export interface SourceLine {
  text: string
  raw: string
}

/**
 * Splits text into lines, keeping each line ending in `raw`. A final line without a newline is kept;
 * a trailing newline does not produce an extra empty line. `\r\n` endings are removed from `text`.
 */
export function splitLines(source: string): SourceLine[] {
  const lines: SourceLine[] = []
  let start = 0
  while (start < source.length) {
    const newline = source.indexOf('\n', start)
    const end = newline === -1 ? source.length : newline + 1
    const raw = source.slice(start, end)
    let text = newline === -1 ? raw : raw.slice(0, -1)
    if (newline !== -1 && text.endsWith('\r')) text = text.slice(0, -1)
    lines.push({ text, raw })
    start = end
  }
  return lines
}

export const isBlank = (text: string): boolean => text.trim() === ''

/** The block delimiter: exactly three hyphens at the start of the line (trailing blanks allowed). */
export const DELIMITER_LINE = /^---[ \t]*$/
