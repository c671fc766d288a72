import { readFile } from 'node:fs/promises'
import type { Readable, Writable } from 'node:stream'

import { typedFromBytes } from '../core/text/text.js'
import type { Text } from '../core/text/text.js'
import { CliError } from './errors.js'

/** The streams a command talks through, its folder and environment: the process's own, or a test's. */
export interface CliIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable
  cwd: string
  /** Read once at start (src/cli/index.ts); commands pass it down, never read process.env. */
  env: NodeJS.ProcessEnv
}

/** The process's own streams, folder and environment: what src/cli/index.ts runs the CLI with. */
export function processIO(): CliIO {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
  }
}

async function readBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks)
}

async function readStream(stream: Readable): Promise<string> {
  return (await readBytes(stream)).toString('utf8')
}

/**
 * Text a person pipes in to be written (a comment): refused, with exit 2 and one line, unless it
 * is UTF-8 text without NUL; it is never repaired (see `typedFromBytes`).
 */
export async function readTypedStdin(io: CliIO, what: string): Promise<Text> {
  if (io.stdin.isTTY) throw new CliError(`No input: pipe ${what.toLowerCase()} into stdin.`)
  return typedFromBytes(await readBytes(io.stdin), what)
}

export interface Input {
  text: string
  /** The file name for messages, or `<stdin>`. */
  source: string
}

/** Reads FILE, or standard input when FILE is absent or `-`. */
export async function readInput(io: CliIO, file: string | undefined): Promise<Input> {
  if (file === undefined || file === '-') {
    if (io.stdin.isTTY) {
      throw new CliError(
        'No input: give a FILE, or pipe a discussion or `discussions parse` output into stdin.',
      )
    }
    return { text: await readStream(io.stdin), source: '<stdin>' }
  }
  try {
    return { text: await readFile(file, 'utf8'), source: file }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new CliError(`${file}: no such file.`)
    if (code === 'EISDIR') throw new CliError(`${file}: is a folder, not a discussion file.`)
    throw new CliError(`${file}: cannot be read (${code ?? String(error)}).`)
  }
}

export function writeJson(io: CliIO, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}
