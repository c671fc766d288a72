import { relative } from 'node:path'

import { isBelow } from '../files/is-inside.js'

export interface ConfigErrorLocation {
  file?: string | null
  /** 1-based. */
  line?: number | null
  /** 1-based; given only where it helps (YAML syntax errors). */
  column?: number | null
  /** The file's further problems, after this one. */
  more?: readonly ConfigError[]
}

/**
 * A problem in a file a person wrote (persona, template, settings) or a name they typed, as one
 * line that says where and what: `personas/architect.yaml:7: type: must be "voting" or
 * "background" (got "voter")`. The CLI prints it as is; the app shows it beside the file.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  readonly file: string | null
  readonly line: number | null
  readonly column: number | null
  /** The problem without its location. */
  readonly reason: string
  /** The file's further problems, after this one (the message names only the first). */
  readonly more: readonly ConfigError[]

  constructor(reason: string, location: ConfigErrorLocation = {}) {
    const file = location.file ?? null
    const line = location.line ?? null
    const column = location.column ?? null
    super(formatLocated(file, line, column, reason))
    this.reason = reason
    this.file = file
    this.line = line
    this.column = column
    this.more = location.more ?? []
  }

  /** The message with the file shown relative to `dir` when it lies inside it. */
  messageFrom(dir: string): string {
    if (this.file === null) return this.message
    const shown = isBelow(dir, this.file) ? relative(dir, this.file) : this.file
    return formatLocated(shown, this.line, this.column, this.reason)
  }
}

function formatLocated(
  file: string | null,
  line: number | null,
  column: number | null,
  reason: string,
): string {
  if (file === null) return reason
  const where = line === null ? '' : column === null ? `:${line}` : `:${line}:${column}`
  return `${file}${where}: ${reason}`
}
