import type { Command } from '@commander-js/extra-typings'

import { currentPhase } from '../../core/discussion/describe.js'
import { headerValue } from '../../core/format/headers.js'
import { findPhase, initialPhase, nextPhase } from '../../core/templates/schema.js'
import { loadCliContext, resolveFile } from '../context.js'
import { readDiscussionFile } from '../discussion-file.js'
import { CliError } from '../errors.js'
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
      const context = await loadCliContext(io)
      const path = resolveFile(io, file)
      const snapshot = await readDiscussionFile(context.store, path)
      const templateName = headerValue(snapshot.parsed, 'Template')
      if (!templateName)
        throw new CliError(
          `${file} names no template (<!-- Template: ... -->), so its phases are unknown.`,
        )
      const { template } = (await context.templates()).require(templateName)
      const from = currentPhase(snapshot.parsed) ?? initialPhase(template).id
      const valid = template.phases.map((phase) => phase.id)
      let to: string
      if (options.to !== undefined) {
        const target = findPhase(template, options.to)
        if (!target)
          throw new CliError(
            `"${options.to}" is not a phase of ${template.name}; valid phases: ${valid.join(', ')}.`,
          )
        to = target.id
      } else {
        const next = nextPhase(template, from)
        if (!next)
          throw new CliError(
            `"${from}" is the last phase of ${template.name}; give --to PHASE to move elsewhere (${valid.join(', ')}).`,
          )
        to = next.id
      }
      if (to === from) throw new CliError(`The discussion is already in phase "${to}".`)
      await context.store.recordPhaseTransition(path, from, to)
      io.stdout.write(`Advanced to phase: ${to} (from ${from}; votes reset)\n`)
    })
}
