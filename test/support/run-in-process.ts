/**
 * Runs some `discussions` commands in-process, as `runCli` does (CliError -> one `error:` line
 * and its exit code; a usage error -> 2), with the streams captured: for tests that set
 * process.env or need no child process.
 */
import { PassThrough } from 'node:stream'

import { Command, CommanderError } from '@commander-js/extra-typings'

import { CliError, EXIT } from '../../src/cli/errors.js'
import { cliIO } from '../../src/cli/io.js'
import type { CliIO } from '../../src/cli/io.js'

export interface InProcessRun {
  code: number
  stdout: string
  stderr: string
}

export type Register = (program: Command, io: CliIO) => void

export async function runInProcess(
  registers: readonly Register[],
  cwd: string,
  argv: readonly string[],
): Promise<InProcessRun> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const io: CliIO = cliIO({ stdin: new PassThrough(), stdout, stderr, cwd, env: process.env })
  const program = new Command().exitOverride().configureOutput({
    writeOut: (text) => io.stdout.write(text),
    writeErr: (text) => io.stderr.write(text),
  })
  for (const register of registers) register(program, io)
  for (const command of program.commands) command.exitOverride()
  let code: number = EXIT.ok
  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (error) {
    if (error instanceof CliError) {
      if (error.message !== '') io.stderr.write(`error: ${error.message}\n`)
      code = error.exitCode
    } else if (error instanceof CommanderError) {
      code = error.exitCode === 0 ? EXIT.ok : EXIT.usage
    } else {
      throw error
    }
  }
  return { code, stdout: out, stderr: err }
}
