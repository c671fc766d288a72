import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { join } from 'node:path'

export const ROOT = join(import.meta.dirname, '..', '..')
export const BIN = join(ROOT, 'bin', 'discussions.cjs')

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Collects a child's output until it exits. */
function collect(child: ChildProcessWithoutNullStreams): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Runs the real `discussions` bin in a child process, as a user's shell would. */
export function runDiscussions(
  args: readonly string[],
  options: { input?: string | Uint8Array; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
  })
  child.stdin.end(options.input ?? '')
  return collect(child)
}

/**
 * Runs the real bin with a terminal on its stdin and stdout (a pseudo-terminal from util-linux's
 * `script`), as a person at a terminal runs it. The terminal merges stderr into `stdout`. With
 * `size`, the terminal reports that size (else none, as some CI terminals do).
 */
export function runInTerminal(
  args: readonly string[],
  options: {
    cwd?: string
    env?: NodeJS.ProcessEnv
    size?: { columns: number; rows: number }
  } = {},
): Promise<CliRun> {
  const quote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`
  const size = options.size
    ? `stty rows ${options.size.rows} cols ${options.size.columns} && exec `
    : ''
  const command = size + [process.execPath, BIN, ...args].map(quote).join(' ')
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
  })
  child.stdin.end()
  return collect(child)
}

/** Runs a shell pipeline of `discussions` commands (`discussions` stands for the bin). */
export function runPipeline(pipeline: string, cwd = ROOT): Promise<CliRun> {
  const command = pipeline.replaceAll('discussions ', `"${process.execPath}" "${BIN}" `)
  const child = spawn('bash', ['-o', 'pipefail', '-c', command], { cwd })
  child.stdin.end()
  return collect(child)
}
