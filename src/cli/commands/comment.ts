import type { Command } from '@commander-js/extra-typings'
import { InvalidArgumentError } from '@commander-js/extra-typings'

import { normalizeVote } from '../../core/format/markers.js'
import type { Vote } from '../../core/format/model.js'
import { admitTyped, admitTypedName } from '../../core/text/text.js'
import { loadCliContext } from '../context.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'
import { readTypedStdin } from '../io.js'
import { textMayStartWithDash } from '../options.js'

function parseVote(value: string): Vote {
  const vote = normalizeVote(value)
  if (!vote || vote.length !== value.trim().length) {
    throw new InvalidArgumentError(`"${value}" is not a vote; use READY, CHANGES or REJECT.`)
  }
  return vote
}

export function registerComment(program: Command, io: CliIO): void {
  const command = program.command('comment')
  textMayStartWithDash(command, 'discussions comment FILE')
  command
    .description('Add a comment (and optionally a vote) to a discussion.')
    .argument('<file>', 'discussion file')
    .argument('<text>', 'the comment in markdown, or - to read it from stdin')
    .option(
      '--as <name>',
      "who is commenting (default: user.name, $DISCUSSIONS_USER, git's user.name, the login name)",
    )
    .option('-a, --author <name>', 'the same as --as')
    .option('-v, --vote <vote>', 'READY, CHANGES or REJECT', parseVote)
    .action(async (file, textArgument, options) => {
      const engine = await loadCliContext(io)
      // A missing file, or one that is not a writable discussion, is refused before stdin is read.
      await engine.requireWritableDiscussion(file)
      // Refused, not repaired, when it is not text (a NUL, bytes that are not UTF-8): exit 2.
      const text =
        textArgument === '-'
          ? await readTypedStdin(io, 'The comment')
          : admitTyped(textArgument, 'The comment')
      if (text.trim() === '' && !options.vote)
        throw new CliError('The comment is empty; write some text or give a --vote.')
      const given = options.as ?? options.author ?? engine.userName
      if (given.trim() === '') throw new CliError('The author name is empty; give --as NAME.')
      const author = admitTypedName(given, 'The author name')
      const result = await engine.addComment(file, {
        author,
        text,
        vote: options.vote ?? null,
      })
      if (result.incompleteBlockLine !== null) {
        io.stderr.write(
          `warning: the block at line ${result.incompleteBlockLine} was never closed with ---; it was closed and marked, check it.\n`,
        )
      }
      const vote = options.vote ? ` with vote ${options.vote}` : ''
      io.stdout.write(`Added comment from ${author}${vote} at line ${result.line}.\n`)
    })
}
