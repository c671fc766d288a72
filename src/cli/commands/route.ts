import type { Command } from '@commander-js/extra-typings'

import { routeMentions } from '../../core/index.js'
import { loadCliContext } from '../context.js'
import { readDiscussionView } from '../discussion-input.js'
import type { CliIO } from '../io.js'
import { readInput, writeJson } from '../io.js'

export function registerRoute(program: Command, io: CliIO): void {
  program
    .command('route')
    .description('Tell who should answer next and why (reads `parse` output or a discussion).')
    .argument('[file]', '`discussions parse` output or a discussion file (default: stdin)')
    .option('--callout <text>', 'a request whose @mentions choose who answers')
    .action(async (file, options) => {
      const view = readDiscussionView(await readInput(io, file))
      // The same personas a turn asks: a mention no persona answers to asks no one, as in a turn.
      const personas = await (await loadCliContext(io)).personas()
      writeJson(
        io,
        routeMentions(view, {
          ...(options.callout === undefined ? {} : { callout: options.callout }),
          isPersona: (alias) => personas.get(alias) !== undefined,
        }),
      )
    })
}
