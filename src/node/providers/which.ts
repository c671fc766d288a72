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
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue
    const file = join(dir, program)
    if (await isExecutableFile(file)) return file
  }
  return null
}
