import { relative } from 'node:path'

import { Option } from '@commander-js/extra-typings'
import type { Command } from '@commander-js/extra-typings'

import { ADR_FLAVORS } from '../../core/export/adr-names.js'
import { loadCliContext } from '../context.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'
import { writeJson } from '../io.js'

/** A path as the person would type it from their folder (absolute when it lies elsewhere). */
function shown(io: CliIO, file: string): string {
  const rel = relative(io.cwd, file)
  return rel !== '' && !rel.startsWith('..') ? rel : file
}

export function registerExport(program: Command, io: CliIO): void {
  program
    .command('export')
    .description(
      'Export a discussion: its decision as an ADR (MADR, adr-tools, log4brains), or the whole discussion as one HTML page.',
    )
    .argument('<file>', 'discussion file')
    .option('--adr', 'write the decision as an Architecture Decision Record')
    .addOption(
      new Option('--flavor <flavor>', 'the ADR format, and the folder its tool reads (with --adr)')
        .choices(ADR_FLAVORS)
        .default('madr' as const),
    )
    .option(
      '--dir <dir>',
      "the ADR folder (default: the flavour's own: docs/decisions, .adr-dir or doc/adr, docs/adr)",
    )
    .option('--html', 'write the discussion as one self-contained HTML page')
    .option('--out <file>', "the page's path (default: beside the discussion, .html)")
    .option(
      '--force',
      'replace the file if it is there (the record of the same title, or the page)',
    )
    .option('--json', 'print what was written as JSON')
    .action(async (file, options) => {
      if (Boolean(options.adr) === Boolean(options.html))
        throw new CliError(
          'Say what to export: --adr (a decision record) or --html (a page), one of them.',
        )
      if (options.html && options.dir !== undefined)
        throw new CliError(
          '--dir chooses the ADR folder and goes with --adr; a page goes where --out says.',
        )
      if (options.adr && options.out !== undefined)
        throw new CliError(
          '--out names the HTML page and goes with --html; --dir chooses the ADR folder.',
        )
      const engine = await loadCliContext(io)
      const force = options.force === true
      if (options.adr) {
        const result = await engine.exportAdr(file, {
          flavor: options.flavor,
          force,
          ...(options.dir !== undefined ? { dir: options.dir } : {}),
        })
        if (options.json) writeJson(io, result)
        else
          io.stdout.write(
            `${result.replaced ? 'ADR replaced' : 'ADR written'}: ${shown(io, result.file)} (${result.flavor}, ${result.status})\n`,
          )
        return
      }
      const result = await engine.exportHtml(file, {
        force,
        ...(options.out !== undefined ? { out: options.out } : {}),
      })
      if (options.json) writeJson(io, result)
      else {
        const undrawn = result.undrawn > 0 ? `, ${result.undrawn} shown as source or a note` : ''
        const diagrams = result.diagrams === 1 ? '1 diagram' : `${result.diagrams} diagrams`
        io.stdout.write(
          `${result.replaced ? 'Page replaced' : 'Page written'}: ${shown(io, result.file)} (${diagrams}${undrawn})\n`,
        )
      }
    })
}
