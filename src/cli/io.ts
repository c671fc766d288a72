/**
 * The CLI's output module: the only place it reaches its streams. A command prints through
 * `io.stdout` and `io.stderr`, which pass every string through the terminal sanitiser, so a
 * title, a persona's name or a server's error can never carry an escape sequence to the
 * terminal, however the line around it was built. The tool's own sequences (the live progress
 * rows' cursor moves and colours) are written by src/cli/progress/live-renderer.ts alone, which
 * sanitises each row's text itself; lint keeps the raw stream there (eslint/terminal-output.js).
 */
import { readFile } from 'node:fs/promises'
import type { Readable, Writable } from 'node:stream'

import { jsonForTerminal } from '../core/terminal/json-for-terminal.js'
import { sanitizeForTerminal } from '../core/terminal/sanitize-for-terminal.js'
import { typedFromBytes } from '../core/text/text.js'
import type { Text } from '../core/text/text.js'
import { CliError } from './errors.js'

/** A stream the CLI prints to: text only, every piece sanitised on its way out. */
export interface TerminalOutput {
  write: (text: string) => void
  /** Whether it is a terminal; with its size when it is one that reports it. */
  readonly isTTY: boolean
  readonly rows: number
  readonly columns: number
  /** The stream under it, for the live progress renderer alone (lint keeps it there). */
  readonly unsanitisedStream: Writable
}

/** The streams a command talks through, its folder and environment: the process's own, or a test's. */
export interface CliIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: TerminalOutput
  stderr: TerminalOutput
  cwd: string
  /** Read once at start (src/cli/index.ts); commands pass it down, never read process.env. */
  env: NodeJS.ProcessEnv
}

function terminalOutput(
  stream: Writable & Partial<Pick<NodeJS.WriteStream, 'isTTY' | 'rows' | 'columns'>>,
): TerminalOutput {
  return {
    write: (text) => {
      stream.write(sanitizeForTerminal(text))
    },
    get isTTY() {
      return stream.isTTY === true
    },
    get rows() {
      return stream.rows ?? 0
    },
    get columns() {
      return stream.columns ?? 0
    },
    unsanitisedStream: stream,
  }
}

/** The CLI's streams over raw ones: the process's, or a test's. */
export function cliIO(streams: {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable
  cwd: string
  env: NodeJS.ProcessEnv
}): CliIO {
  return {
    ...streams,
    stdout: terminalOutput(streams.stdout),
    stderr: terminalOutput(streams.stderr),
  }
}

/** The process's own streams, folder and environment: what src/cli/index.ts runs the CLI with. */
export function processIO(): CliIO {
  return cliIO({
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
  })
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

/**
 * Prints a value as JSON (indented, or one line with `compact`). The same JSON for any parser,
 * with the controls a terminal would act on written as \u escapes, so the sanitiser leaves it whole.
 */
export function writeJson(io: CliIO, value: unknown, options: { compact?: boolean } = {}): void {
  io.stdout.write(`${jsonForTerminal(value, options.compact ? undefined : 2)}\n`)
}
