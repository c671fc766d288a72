import { createInterface } from 'node:readline'
import { relative } from 'node:path'

import type { Command } from '@commander-js/extra-typings'

import { loadCliContext, resolveFile } from '../context.js'
import type { CliIO } from '../io.js'
import { writeJson } from '../io.js'

/** One line from stdin: the answer to a question; '' when stdin ends first. */
function askLine(io: CliIO, question: string): Promise<string> {
  io.stderr.write(question)
  const lines = createInterface({ input: io.stdin, terminal: false })
  return new Promise((resolve) => {
    let answered = false
    lines.once('line', (line) => {
      answered = true
      lines.close()
      resolve(line)
    })
    lines.once('close', () => {
      if (!answered) resolve('')
    })
  })
}

export function registerCleanup(program: Command, io: CliIO): void {
  program
    .command('cleanup')
    .description(
      'List diagram files in diagrams/ folders that no discussion or summary references.',
    )
    .option('-d, --dir <folder>', 'the workspace to scan (default: the project, else this folder)')
    .option('--delete', 'delete them, after asking')
    .option('-y, --yes', 'with --delete: do not ask')
    .option('--json', 'print the list as JSON')
    .action(async (options) => {
      const engine = await loadCliContext(io)
      const { root, orphans, scanned } = await engine.findOrphanDiagrams(
        options.dir !== undefined ? resolveFile(io, options.dir) : undefined,
      )
      if (options.json && !options.delete) return writeJson(io, { root, orphans, scanned })
      if (orphans.length === 0) {
        io.stdout.write(`No orphaned diagrams under ${root} (${scanned} markdown files read).\n`)
        return
      }
      for (const orphan of orphans) io.stdout.write(`${relative(root, orphan)}\n`)
      const count = `${orphans.length} orphaned diagram${orphans.length === 1 ? '' : 's'}`
      if (!options.delete) {
        io.stderr.write(`${count}. Run with --delete to remove them.\n`)
        return
      }
      if (!options.yes) {
        const answer = await askLine(io, `Delete ${count}? [y/N] `)
        if (!/^y(es)?$/i.test(answer.trim())) {
          io.stderr.write('Nothing deleted.\n')
          return
        }
      }
      const { deleted, kept } = await engine.deleteOrphanDiagrams(root, orphans)
      io.stderr.write(
        `Deleted ${deleted.length}.${kept.length ? ` Kept ${kept.length}: referenced meanwhile.` : ''}\n`,
      )
      if (options.json) writeJson(io, { root, deleted, kept })
    })
}
