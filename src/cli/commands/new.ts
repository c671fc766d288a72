import type { Command } from '@commander-js/extra-typings'

import { renderNewDiscussion } from '../../core/discussion/create.js'
import { initialPhase } from '../../core/templates/schema.js'
import { createDiscussionFile } from '../../node/store/discussion-folder.js'
import { loadCliContext } from '../context.js'
import { parseAliasList } from '../discussion-file.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'

export function registerNew(program: Command, io: CliIO): void {
  program
    .command('new')
    .description('Create a discussion from a template and print its path.')
    .argument('<title>', 'the discussion title')
    .option('-t, --template <name>', 'template (default: the configured default_template)')
    .option(
      '-p, --participants <aliases>',
      "comma-separated persona aliases (default: the template's)",
    )
    .option('-c, --context <text>', 'what is being discussed and why')
    .option('-d, --dir <folder>', 'where to create it (default: output.directory of the config)')
    .action(async (title, options) => {
      if (title.trim() === '') throw new CliError('The title is empty; give the discussion a name.')
      const context = await loadCliContext(io)
      const templates = await context.templates()
      const entry = templates.require(options.template ?? context.config.default_template)
      const { template } = entry
      const participants = options.participants
        ? parseAliasList(options.participants)
        : template.participants.length > 0
          ? template.participants
          : context.config.default_participants
      const personas = await context.personas()
      for (const alias of participants) personas.require(alias)
      const text = renderNewDiscussion({
        title,
        template: template.name,
        phase: initialPhase(template).id,
        status: template.status,
        participants,
        context: options.context ?? '',
        created: new Date(),
        skeleton: template.skeleton ?? null,
      })
      const folder = options.dir ?? context.discussionsDir
      const path = await createDiscussionFile(folder, title, text)
      io.stdout.write(`Created: ${path}\n`)
    })
}
