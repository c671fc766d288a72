/**
 * The `discussions` command: builds the program, runs one command and returns its exit code.
 * Output goes through the given streams so tests can run it in-process as well as spawned.
 */
import { Command, CommanderError } from '@commander-js/extra-typings'

import { registerAdvance } from './commands/advance.js'
import { registerArtifact } from './commands/artifact.js'
import { registerCleanup } from './commands/cleanup.js'
import { registerComment } from './commands/comment.js'
import { registerCouncil } from './commands/council.js'
import { registerDebate } from './commands/debate.js'
import { registerList } from './commands/list.js'
import { registerNew } from './commands/new.js'
import { registerParse } from './commands/parse.js'
import { registerParticipants } from './commands/participants.js'
import { registerProviders } from './commands/providers.js'
import { registerRoute } from './commands/route.js'
import { registerStatus } from './commands/status.js'
import { registerSummarize } from './commands/summarize.js'
import { registerTemplates } from './commands/templates.js'
import { registerTurn } from './commands/turn.js'
import { registerUi } from './commands/ui.js'
import { registerValidate } from './commands/validate.js'
import { registerVotes } from './commands/votes.js'
import { DiscussionError } from '../core/errors.js'
import { ConfigError } from '../node/engine/index.js'
import { CliError, EXIT } from './errors.js'
import type { CliIO } from './io.js'

export const VERSION = '0.1.0'

export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  let exitCode: number = EXIT.ok
  const program = new Command()
    .name('discussions')
    .description('Structured multi-agent AI discussions in plain markdown files.')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
  const setExitCode = (code: number): void => {
    exitCode = code
  }

  // Authoring
  registerNew(program, io)
  registerList(program, io)
  registerStatus(program, io)
  registerComment(program, io)
  registerAdvance(program, io)
  registerTurn(program, io)
  registerDebate(program, io)
  registerSummarize(program, io)
  registerCouncil(program, io)
  registerParticipants(program, io)
  registerTemplates(program, io)
  registerProviders(program, io)
  // Diagrams
  registerArtifact(program, io)
  registerCleanup(program, io)
  // The app
  registerUi(program, io)
  // The composable format tools
  registerParse(program, io)
  registerValidate(program, io, setExitCode)
  registerVotes(program, io)
  registerRoute(program, io)
  for (const command of program.commands)
    command.exitOverride().showHelpAfterError('(run with --help for usage)')

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
