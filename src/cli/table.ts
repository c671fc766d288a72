import { sanitizeForTerminal } from '../core/terminal/sanitize-for-terminal.js'

/**
 * A plain text table with columns padded to their widest cell. Cells are sanitised before they
 * are measured: an escape sequence takes no room on the screen, and a shown `<U+202E>` does.
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const cells = rows.map((row) => row.map(sanitizeForTerminal))
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)),
  )
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd()
  return `${[line(headers), ...cells.map(line)].join('\n')}\n`
}
