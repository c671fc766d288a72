import type { Command } from '@commander-js/extra-typings'

import { describeDiscussion, parseDiscussion } from '../../core/index.js'
import type { CliIO } from '../io.js'
import { readInput, writeJson } from '../io.js'

export function registerParse(program: Command, io: CliIO): void {
  program
    .command('parse')
    .description('Print a discussion as JSON: headers, comments, votes, questions, decisions, ...')
    .argument('[file]', 'discussion file (default: stdin)')
    .action(async (file) => {
      const input = await readInput(io, file)
      writeJson(io, describeDiscussion(parseDiscussion(input.text)))
    })
}
