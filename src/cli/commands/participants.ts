import type { Command } from '@commander-js/extra-typings'

import { ConfigError, personasOf } from '../../node/engine/index.js'
import type { PersonaEntry, PersonaRegistry } from '../../node/engine/index.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'
import { withRenamedFields } from '../renamed-fields.js'
import { writeJson } from '../io.js'
import { formatTable } from '../table.js'
import { shownPath, writeProblems } from '../config-output.js'

export function registerParticipants(program: Command, io: CliIO): void {
  const participants = program
    .command('participants')
    .description('The personas that can take part in discussions, and where each is defined.')

  participants
    .command('list')
    .description("List the personas: the project's, then yours, then the bundled ones.")
    .option('--json', 'print the personas as JSON')
    .action(async (options) => {
      const registry = await personaRegistry(io)
      const entries = registry.list()
      if (options.json) {
        writeJson(
          io,
          withRenamedFields('participants list', {
            participants: entries.map(flatten),
            problems: registry.problems.map((problem) => problem.message),
          }),
        )
        return
      }
      writeProblems(io, registry.problems)
      if (entries.length === 0) {
        io.stdout.write('No personas found.\n')
        return
      }
      const rows = entries.map(({ persona, source }) => [
        persona.alias,
        persona.name,
        persona.type,
        persona.role,
        source,
      ])
      io.stdout.write(formatTable(['ALIAS', 'NAME', 'TYPE', 'ROLE', 'SOURCE'], rows))
    })

  participants
    .command('show')
    .description('Show everything about one persona, and the file it comes from.')
    .argument('<alias>', 'alias or name, e.g. architect or AI-Architect')
    .option('--json', 'print the persona as JSON')
    .action(async (alias, options) => {
      const registry = await personaRegistry(io)
      let entry: PersonaEntry
      try {
        entry = registry.require(alias)
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(error.messageFrom(io.cwd))
        throw error
      }
      if (options.json) writeJson(io, withRenamedFields('participants show', flatten(entry)))
      else io.stdout.write(describePersona(entry, io.cwd))
    })
}

/** The personas for the working folder; the environment is read here, at the command. */
function personaRegistry(io: CliIO): Promise<PersonaRegistry> {
  return personasOf(io.cwd, io.env)
}

function flatten({ persona, source, file }: PersonaEntry): Record<string, unknown> {
  return { ...persona, source, file }
}

function describePersona({ persona, source, file }: PersonaEntry, cwd: string): string {
  const command =
    persona.command === undefined
      ? 'none (answers through a provider, from the personality below)'
      : [persona.command].flat().join(' ')
  const bullets = (items: readonly string[]): string[] =>
    items.length === 0 ? ['  (none)'] : items.map((item) => `  - ${item}`)
  const lines = [
    `${persona.name} (@${persona.alias}): ${persona.role}`,
    '',
    `Type:          ${persona.type === 'voting' ? 'voting' : 'background (does not vote)'}`,
    `Provider hint: ${persona.provider_hint ?? 'none (the configured default)'}`,
    `Command:       ${command}`,
    `Source:        ${source} (${shownPath(file, cwd)})`,
    '',
    'Expertise:',
    ...bullets(persona.expertise),
    '',
    'Concerns:',
    ...bullets(persona.concerns),
    '',
    'Personality:',
    ...persona.personality
      .trimEnd()
      .split('\n')
      .map((line) => (line ? `  ${line}` : '')),
  ]
  return `${lines.join('\n')}\n`
}
