/** Finding a program the way spawning it will: a path is checked as is, a bare name on PATH. */
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { delimiter, isAbsolute, join, resolve } from 'node:path'

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK)
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/** The program's full path, or null when it cannot be found (or is not executable). */
export async function findProgram(
  program: string,
  env: NodeJS.ProcessEnv,
  /** What a relative path (`./bin/tool`) is relative to; the current folder when not given. */
  cwd = '.',
): Promise<string | null> {
  if (program === '') return null
  if (program.includes('/')) {
    const file = isAbsolute(program) ? program : resolve(cwd, program)
    return (await isExecutableFile(file)) ? file : null
  }
  // Every folder is looked at at once (a turn looks up a program per persona before its first
  // call); the first one in PATH order that has it wins, as when spawning.
  const candidates = (env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => join(dir, program))
  const found = await Promise.all(candidates.map(isExecutableFile))
  return candidates[found.indexOf(true)] ?? null
}
