/**
 * The `discussions` command: builds the program, runs one command and returns its exit code.
 * Output goes through the given streams so tests can run it in-process as well as spawned.
 */
import { Command, CommanderError, Help } from '@commander-js/extra-typings'

import { COMMANDS, commandOf } from './command-table.js'
import { DiscussionError } from '../core/errors.js'
import { ConfigError } from '../node/engine/errors.js'
import { CliError, EXIT } from './errors.js'
import type { CliIO } from './io.js'
import { oneLineErrors } from './one-line-errors.js'

export const VERSION = '0.1.0'

function withOutput(command: Command, io: CliIO): Command {
  return command.exitOverride().configureOutput({
    writeOut: (text) => io.stdout.write(text),
    writeErr: (text) => io.stderr.write(text),
  })
}

export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  let exitCode: number = EXIT.ok
  const program = withOutput(new Command(), io)
    .name('discussions')
    .description('Structured multi-agent AI discussions in plain markdown files.')
    .version(VERSION)
    .configureHelp({
      subcommandTerm: (command) => {
        const entry = COMMANDS.find((candidate) => candidate.name === command.name())
        if (!entry) return new Help().subcommandTerm(command) // `help [command]`
        return entry.usage === '' ? entry.name : `${entry.name} ${entry.usage}`
      },
    })
  const setExitCode = (code: number): void => {
    exitCode = code
  }

  // Only the module of the command that runs is loaded; the others are listed from the table.
  const loaded = withOutput(new Command(), io)
  const running = commandOf(argv)
  if (running) (await running.load())(loaded, io, setExitCode)
  for (const entry of COMMANDS) {
    const command = loaded.commands.find((candidate) => candidate.name() === entry.name)
    if (command) program.addCommand(command)
    else program.command(entry.name).description(entry.description)
  }
  for (const command of program.commands) command.exitOverride()
  oneLineErrors(program)

  // `discussions` alone, or a group alone (`discussions debate`), is a request for its help.
  const bare = bareGroup(program, argv)
  if (bare) {
    bare.outputHelp()
    return EXIT.ok
  }

  try {
    await program.parseAsync(argv, { from: 'user' })
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      const ok = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(
        error.code,
      )
      return ok ? EXIT.ok : EXIT.usage
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`error: ${error.messageFrom(io.cwd)}\n`)
      return EXIT.usage
    }
    if (error instanceof DiscussionError) {
      io.stderr.write(`error: ${error.message}\n`)
      return EXIT.usage
    }
    if (error instanceof CliError) {
      if (error.message !== '') io.stderr.write(`error: ${error.message}\n`)
      return error.exitCode
    }
    io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`)
    return EXIT.negative
  }
}

/** The program or command group a command line names and nothing else, for its help. */
function bareGroup(program: Command, argv: readonly string[]): Command | null {
  if (argv.length === 0) return program
  const named = argv.length === 1 ? program.commands.find((c) => c.name() === argv[0]) : undefined
  return named && named.commands.length > 0 ? (named as Command) : null
}
