import type { Command } from '@commander-js/extra-typings'

import { loadCliContext } from '../context.js'
import type { CliIO } from '../io.js'

export function registerAdvance(program: Command, io: CliIO): void {
  program
    .command('advance')
    .description(
      "Move a discussion to its template's next phase (or --to a chosen one); votes reset.",
    )
    .argument('<file>', 'discussion file')
    .option('--to <phase>', 'the phase to move to')
    .action(async (file, options) => {
      const engine = await loadCliContext(io)
      const { from, to } = await engine.advance(file, options.to)
      io.stdout.write(`Advanced to phase: ${to} (from ${from}; votes reset)\n`)
    })
}
