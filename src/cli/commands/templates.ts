import type { Command } from '@commander-js/extra-typings'

import type { TemplatePhase } from '../../core/templates/schema.js'
import { ConfigError, templatesOf } from '../../node/engine/index.js'
import type { TemplateEntry, TemplateRegistry } from '../../node/engine/index.js'
import { shownPath, writeProblems } from '../config-output.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'
import { writeJson } from '../io.js'
import { formatTable } from '../table.js'

export function registerTemplates(program: Command, io: CliIO): void {
  const templates = program
    .command('templates')
    .description('The templates a discussion can follow: their phases, and where each is defined.')

  templates
    .command('list')
    .description("List the templates: the project's, then yours, then the bundled ones.")
    .option('--json', 'print the templates as JSON')
    .action(async (options) => {
      const registry = await templateRegistry(io)
      const entries = registry.list()
      if (options.json) {
        writeJson(io, {
          templates: entries.map(flatten),
          problems: registry.problems.map((problem) => problem.message),
        })
        return
      }
      writeProblems(io, registry.problems)
      if (entries.length === 0) {
        io.stdout.write('No templates found.\n')
        return
      }
      const rows = entries.map(({ template, source }) => [
        template.name,
        template.title ?? '-',
        template.phases.map((phase) => phase.id).join(' -> '),
        source,
      ])
      io.stdout.write(formatTable(['NAME', 'TITLE', 'PHASES', 'SOURCE'], rows))
    })

  templates
    .command('show')
    .description('Show a template: each phase with its goal, whether it votes, and what follows.')
    .argument('<name>', 'name or alias, e.g. feature or architecture-decision')
    .option('--json', 'print the template as JSON')
    .action(async (name, options) => {
      const registry = await templateRegistry(io)
      let entry: TemplateEntry
      try {
        entry = registry.require(name)
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(error.messageFrom(io.cwd))
        throw error
      }
      if (options.json) writeJson(io, flatten(entry))
      else io.stdout.write(describeTemplate(entry, io.cwd))
    })
}

/** The templates for the working folder; the environment is read here, at the command. */
function templateRegistry(io: CliIO): Promise<TemplateRegistry> {
  return templatesOf(io.cwd, io.env)
}

function flatten({ template, source, file }: TemplateEntry): Record<string, unknown> {
  return { ...template, source, file }
}

const TRIGGERS: Record<string, string> = {
  all_mentioned_responded: 'when everyone mentioned has answered',
  consensus: 'when the vote reaches consensus',
}

function describePhase(phase: TemplatePhase, index: number): string[] {
  const lines = [`  ${index + 1}. ${phase.id}: ${phase.title}`]
  const field = (label: string, value: string): void => {
    lines.push(`     ${`${label}:`.padEnd(13)} ${value}`)
  }
  if (phase.goal) field('goal', phase.goal)
  field('voting', phase.voting ? 'yes' : 'no')
  if (phase.participants.length > 0) field('participants', phase.participants.join(', '))
  field(
    'advances',
    phase.auto_trigger ? (TRIGGERS[phase.auto_trigger] ?? phase.auto_trigger) : 'by hand',
  )
  field('next', phase.next_phase ?? '(last phase)')
  if (phase.on_consensus) field('on consensus', `status becomes ${phase.on_consensus}`)
  if (phase.on_block) field('on block', `status becomes ${phase.on_block}`)
  return lines
}

function describeTemplate({ template, source, file }: TemplateEntry, cwd: string): string {
  const lines = [template.title ? `${template.name}: ${template.title}` : template.name]
  if (template.description) lines.push(template.description)
  lines.push('')
  if (template.aliases.length > 0) lines.push(`Aliases:      ${template.aliases.join(', ')}`)
  lines.push(`Status:       ${template.status} (when a discussion starts)`)
  const participants =
    template.participants.length > 0
      ? template.participants.join(', ')
      : 'the configured default_participants'
  lines.push(`Participants: ${participants}`)
  lines.push(`Source:       ${source} (${shownPath(file, cwd)})`)
  lines.push('', 'Phases (a discussion starts in the first):')
  template.phases.forEach((phase, index) => lines.push(...describePhase(phase, index)))
  return `${lines.join('\n')}\n`
}
