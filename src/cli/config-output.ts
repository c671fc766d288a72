/** How the `participants` and `templates` commands show files and loading problems. */
import { relative } from 'node:path'

import { isBelow } from '../node/engine/index.js'
import type { ConfigError } from '../node/engine/index.js'
import type { CliIO } from './io.js'

/** A file relative to the working folder when it lies inside it; else its full path. */
export function shownPath(file: string, cwd: string): string {
  return isBelow(cwd, file) ? relative(cwd, file) : file
}

/**
 * Broken files do not stop a listing: each is one `warning:` line on stderr, so the list on
 * stdout stays usable in a pipe.
 */
export function writeProblems(io: CliIO, problems: readonly ConfigError[]): void {
  for (const problem of problems) io.stderr.write(`warning: ${problem.messageFrom(io.cwd)}\n`)
}
