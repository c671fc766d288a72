import type { Command } from '@commander-js/extra-typings'

import { requireKnownProvider } from '../../core/providers/known-provider.js'
import { loadCliContext } from '../context.js'
import { CliError, EXIT, SilentExit } from '../errors.js'
import { withInterrupt } from '../interrupt.js'
import type { CliIO } from '../io.js'

export function registerSummarize(program: Command, io: CliIO): void {
  program
    .command('summarize')
    .description(
      "Write <name>.sum.md beside a discussion: votes, questions, decisions, todos, concerns and an AI summary by the moderator's provider.",
    )
    .argument('<file>', 'discussion file')
    .option('-p, --provider <name>', "use this provider instead of the moderator's")
    .action(async (file, options) => {
      const engine = await loadCliContext(io)
      // Refused before anything is read, called or written, as `turn --provider` is.
      requireKnownProvider(options.provider, (await engine.providers()).available)
      const result = await withInterrupt(io, (signal) =>
        engine
          .summarize(file, {
            signal,
            ...(options.provider !== undefined ? { provider: options.provider } : {}),
          })
          .catch((error: unknown) => {
            // Ctrl-C: the engine wrote nothing; said once, with the exit code of a cancel.
            if (!signal.aborted) throw error
            io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
            throw new SilentExit(EXIT.cancelled)
          }),
      )
      io.stdout.write(`Summary written: ${result.file}\n`)
      if (result.provider === 'demo')
        io.stdout.write(
          'The summary text came from the built-in demo provider (offline, canned).\n',
        )
      if (result.aiError !== null)
        throw new CliError(
          `no AI summary (${result.aiError}); the structured part was written.`,
          EXIT.negative,
        )
    })
}
