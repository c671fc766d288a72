/**
 * Finding a program the way spawning it will: a path is checked as is, a bare name on PATH.
 *
 * Looked up at once, as which(1) does: a turn looks for a `discussion-<alias>` program for each
 * persona before its first call, some ninety lookups on a PATH of eleven folders. Awaited, each
 * was a round trip to the thread pool, and they held every provider's start back by several
 * milliseconds. An access or a stat opens nothing, so it never blocks on what it finds.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, isAbsolute, join, resolve } from 'node:path'

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/** The program's full path, or null when it cannot be found (or is not executable). */
export function findProgram(
  program: string,
  env: NodeJS.ProcessEnv,
  /** What a relative path (`./bin/tool`) is relative to; the current folder when not given. */
  cwd = '.',
): string | null {
  if (program === '') return null
  if (program.includes('/')) {
    const file = isAbsolute(program) ? program : resolve(cwd, program)
    return isExecutableFile(file) ? file : null
  }
  // The first one in PATH order wins, as when spawning.
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue
    const file = join(dir, program)
    if (isExecutableFile(file)) return file
  }
  return null
}
