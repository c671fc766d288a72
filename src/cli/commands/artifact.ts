import type { Command } from '@commander-js/extra-typings'

import { loadCliContext, resolveFile } from '../context.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'
import { retireShortFlag } from '../retired-flags.js'

/** Whether a terminal editor can run here: it needs a terminal on both sides. */
function hasTerminal(io: CliIO): boolean {
  return io.stdin.isTTY === true && io.stdout.isTTY
}

export function registerArtifact(program: Command, io: CliIO): void {
  const artifact = program
    .command('artifact')
    .description('Create diagrams and other artifacts for a discussion.')
  retireShortFlag(artifact.command('new'), '-c', '--comment')
    .description(
      'Create a diagram for a discussion with the artifact editor (or $VISUAL/$EDITOR without a display) and print its DIAGRAM: line.',
    )
    .argument('<file>', 'the discussion file')
    .option('-n, --name <name>', 'file name to propose (default: <discussion>-<time>.puml)')
    .option('--comment <text>', 'also add a comment with this text and the DIAGRAM: line')
    .action(async (fileArgument, options) => {
      const engine = await loadCliContext(io)
      const file = resolveFile(io, fileArgument)
      const made = await engine.newArtifact({
        file,
        ...(options.name !== undefined ? { name: options.name } : {}),
      })
      let ref: string
      if (made.kind === 'saved') ref = made.ref
      else if (made.kind !== 'fallback') throw new CliError(made.message)
      else {
        if (made.reason === 'no-editor')
          io.stderr.write(`${made.message}\nFalling back to $VISUAL/$EDITOR.\n`)
        ref = await engine.editArtifactInTerminal(file, made.target, hasTerminal(io))
      }
      const line = `DIAGRAM: ${ref}`
      if (options.comment !== undefined) {
        const text = options.comment.trim() === '' ? line : `${options.comment.trim()}\n\n${line}`
        await engine.addComment(file, { text, vote: null })
        io.stderr.write(`Added a comment to ${fileArgument} with the diagram.\n`)
      }
      io.stdout.write(`${line}\n`)
    })
}
