import type { Command } from '@commander-js/extra-typings'

import { loadCliContext } from '../context.js'
import { EXIT } from '../errors.js'
import type { CliIO } from '../io.js'
import { writeJson } from '../io.js'

export function registerGate(
  program: Command,
  io: CliIO,
  setExitCode: (code: number) => void,
): void {
  program
    .command('gate')
    .description(
      "Exit 0 only when every discussion reached a human-approved READY consensus under its template's rules; else 1, one line per file saying why (2: a file is not a discussion).",
    )
    .argument('<files...>', 'discussion files')
    .option(
      '--git',
      'also check with git that each counted human vote was committed by a person of that name',
    )
    .option('--json', 'print each verdict as JSON')
    .action(async (files, options) => {
      const engine = await loadCliContext(io)
      const results = await engine.gate(files, { git: options.git === true })
      const code = results.some((r) => !r.discussion)
        ? EXIT.usage
        : results.every((r) => r.ready)
          ? EXIT.ok
          : EXIT.negative
      if (options.json) writeJson(io, { ready: code === EXIT.ok, files: results })
      else
        for (const result of results) {
          const verdict = !result.discussion ? '' : result.ready ? 'READY: ' : 'not ready: '
          io.stdout.write(`${result.file}: ${verdict}${result.reason}.\n`)
        }
      setExitCode(code)
    })
}
