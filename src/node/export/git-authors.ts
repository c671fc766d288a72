/**
 * Who committed given lines of a file, from git's own history: `git blame` of the committed file
 * (HEAD, never the working tree, so no filter or textconv of the repository runs) gives the
 * commit of each line, and the commit object itself gives its author's name as written, with no
 * `.mailmap` applied (a mailmap is a file anyone with write access can change, and it renames
 * authors). A file whose working copy differs from HEAD is refused: its votes are not committed.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Why the lines' authors cannot be told. */
export class GitHistoryError extends Error {}

/** git as it must run on a repository that may be hostile: no pager, fsmonitor, prompt or lock. */
async function git(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run(
    'git',
    ['--no-pager', '-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', ...args],
    {
      cwd,
      env: { ...env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 30_000,
    },
  )
  return stdout
}

function firstLine(error: unknown): string {
  const text =
    (error as { stderr?: string }).stderr || (error instanceof Error ? error.message : '')
  return text.trim().split('\n')[0] ?? 'git failed'
}

/** The author name of each of `lines` (1-based) of `file` as committed at HEAD. */
export async function committedAuthors(
  file: string,
  lines: readonly number[],
  env: NodeJS.ProcessEnv,
): Promise<Map<number, string>> {
  const cwd = dirname(file)
  const name = `./${basename(file)}`
  let committed: Buffer
  try {
    committed = Buffer.from(await git(cwd, ['cat-file', 'blob', `HEAD:${name}`], env), 'utf8')
  } catch (error) {
    throw new GitHistoryError(`is not committed to git (${firstLine(error)})`)
  }
  if (!committed.equals(await readFile(file)))
    throw new GitHistoryError('has changes that are not committed; the check reads committed votes')
  const wanted = [...new Set(lines)].sort((a, b) => a - b)
  const authors = new Map<number, string>()
  if (wanted.length === 0) return authors
  let blame: string
  try {
    const ranges = wanted.flatMap((line) => ['-L', `${line},${line}`])
    blame = await git(
      cwd,
      ['blame', '--no-textconv', '--porcelain', ...ranges, 'HEAD', '--', name],
      env,
    )
  } catch (error) {
    throw new GitHistoryError(`git blame failed (${firstLine(error)})`)
  }
  const commitOf = new Map<number, string>()
  for (const row of blame.split('\n')) {
    const header = /^([0-9a-f]{40,64}) \d+ (\d+)/.exec(row)
    if (header?.[1] && header[2]) commitOf.set(Number(header[2]), header[1])
  }
  const nameOf = new Map<string, string>()
  for (const commit of new Set(commitOf.values())) {
    const object = await git(cwd, ['cat-file', 'commit', commit], env)
    const author = /^author (.*) <[^>]*> \d+ [+-]\d{4}$/m.exec(object)?.[1]
    nameOf.set(commit, author ?? '')
  }
  for (const [line, commit] of commitOf) authors.set(line, nameOf.get(commit) ?? '')
  return authors
}
