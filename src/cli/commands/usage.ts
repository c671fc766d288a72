import type { Command } from '@commander-js/extra-typings'

import { formatSpendCost, formatTokenSplit } from '../../core/budget/format-spend.js'
import type { UsageSum } from '../../core/budget/totals.js'
import { loadCliContext, resolveFile } from '../context.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'
import { writeJson } from '../io.js'
import { formatTable } from '../table.js'

function cells(spend: UsageSum): string[] {
  return [String(spend.answers), formatTokenSplit(spend), formatSpendCost(spend)]
}

const HEAD = ['ANSWERS', 'TOKENS', 'COST']

export function registerUsage(program: Command, io: CliIO): void {
  program
    .command('usage')
    .description(
      'What the discussions in a folder have spent, by discussion, provider and persona.',
    )
    .argument('[folder]', 'folder of discussions (default: output.directory of the config)')
    .option('--json', 'print the sums as JSON')
    .action(async (folderArgument, options) => {
      const engine = await loadCliContext(io)
      const folder = folderArgument ? resolveFile(io, folderArgument) : engine.discussionsDir
      let usage
      try {
        usage = await engine.usage(folder)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new CliError(`${folder}: no such folder. Name a folder of discussions.`)
        throw error
      }
      if (options.json) return writeJson(io, usage)
      io.stdout.write(
        [
          formatTable(
            ['DISCUSSION', ...HEAD],
            usage.discussions.map((d) => [d.title, ...cells(d.spend)]),
          ),
          formatTable(
            ['PROVIDER', ...HEAD],
            usage.providers.map((p) => [p.provider, ...cells(p.spend)]),
          ),
          formatTable(
            ['PERSONA', ...HEAD],
            usage.personas.map((p) => [p.persona, ...cells(p.spend)]),
          ),
          `Total: ${usage.total.answers} answers, ${formatTokenSplit(usage.total)}, cost ${formatSpendCost(usage.total)}\n`,
        ].join('\n'),
      )
    })
}
