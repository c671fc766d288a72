import type { Command } from '@commander-js/extra-typings'

import { loadCliContext } from '../context.js'
import { parseAliasList } from '../alias-list.js'
import type { CliIO } from '../io.js'
import { retireShortFlag } from '../retired-flags.js'

export function registerNew(program: Command, io: CliIO): void {
  const command = program.command('new')
  retireShortFlag(command, '-p', '--participants')
  retireShortFlag(command, '-c', '--context')
  command
    .description('Create a discussion from a template and print its path.')
    .argument('<title>', 'the discussion title')
    .option('-t, --template <name>', 'template (default: the configured default_template)')
    .option('--participants <aliases>', "comma-separated persona aliases (default: the template's)")
    .option('--context <text>', 'what is being discussed and why')
    .option('-d, --dir <folder>', 'where to create it (default: output.directory of the config)')
    .action(async (title, options) => {
      const engine = await loadCliContext(io)
      const path = await engine.create({
        title,
        ...(options.template !== undefined ? { template: options.template } : {}),
        ...(options.participants !== undefined
          ? { participants: parseAliasList(options.participants) }
          : {}),
        ...(options.context !== undefined ? { context: options.context } : {}),
        ...(options.dir !== undefined ? { dir: options.dir } : {}),
      })
      io.stdout.write(`Created: ${path}\n`)
    })
}
