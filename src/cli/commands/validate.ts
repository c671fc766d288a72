import type { Command } from '@commander-js/extra-typings'

import { parseDiscussion, validateDiscussion } from '../../core/index.js'
import { EXIT } from '../errors.js'
import type { CliIO } from '../io.js'
import { readInput, writeJson } from '../io.js'

export function registerValidate(
  program: Command,
  io: CliIO,
  setExitCode: (code: number) => void,
): void {
  program
    .command('validate')
    .description(
      'Report problems in a discussion file, each with its line; exit 1 when there are any.',
    )
    .argument('[file]', 'discussion file (default: stdin)')
    .option('--json', 'print the problems as JSON')
    .action(async (file, options) => {
      const input = await readInput(io, file)
      const problems = validateDiscussion(parseDiscussion(input.text))
      if (options.json) {
        writeJson(io, { file: input.source, valid: problems.length === 0, problems })
      } else if (problems.length === 0) {
        io.stdout.write(`${input.source}: no problems found.\n`)
      } else {
        for (const problem of problems)
          io.stdout.write(`${input.source}:${problem.line}: ${problem.message}\n`)
        const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
        io.stdout.write(`${count} in ${input.source}.\n`)
      }
      if (problems.length > 0) setExitCode(EXIT.negative)
    })
}
