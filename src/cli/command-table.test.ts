// The light table `--help` is built from must say what each command's own module registers.
import { Command, Help } from '@commander-js/extra-typings'
import { describe, expect, it } from 'vitest'

import { COMMANDS, commandOf } from './command-table.js'
import { processIO } from './io.js'

describe('the command table', () => {
  it('names, describes and shows the usage of each command as its module registers it', async () => {
    const help = new Help()
    for (const entry of COMMANDS) {
      const program = new Command()
      ;(await entry.load())(program, processIO(), () => {})
      const command = program.commands.find((candidate) => candidate.name() === entry.name)
      expect(command, entry.name).toBeDefined()
      if (!command) continue
      expect(command.description(), entry.name).toBe(entry.description)
      const term = help.subcommandTerm(command)
      expect(term, entry.name).toBe(
        entry.usage === '' ? entry.name : `${entry.name} ${entry.usage}`,
      )
    }
  })

  it('finds the command a command line runs, help X included', () => {
    expect(commandOf(['turn', 'f.md', '@all'])?.name).toBe('turn')
    expect(commandOf(['--version'])).toBeUndefined()
    expect(commandOf(['help', 'status'])?.name).toBe('status')
    expect(commandOf(['trust'])?.load).toBe(commandOf(['providers'])?.load)
  })
})
