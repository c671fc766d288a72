import { stat } from 'node:fs/promises'
import { relative } from 'node:path'

import type { Command } from '@commander-js/extra-typings'
import { InvalidArgumentError } from '@commander-js/extra-typings'

import type { SearchHit } from '../../core/search/index.js'
import {
  NotADiscussionFileError,
  searchDiscussionFile,
  searchFolder,
} from '../../node/engine/index.js'
import { loadCliContext, resolveFile } from '../context.js'
import { CliError, EXIT } from '../errors.js'
import type { CliIO } from '../io.js'
import { writeJson } from '../io.js'
import { countOf } from '../plural.js'

const DEFAULT_LIMIT = 20

function parseLimit(value: string): number {
  const limit = Number(value)
  if (!Number.isInteger(limit) || limit < 1)
    throw new InvalidArgumentError('give a whole number of hits, 1 or more (e.g. --limit 50).')
  return limit
}

/** `file:line  comment N by Author  text`: the address an editor opens, then what matched. */
function hitLine(io: CliIO, hit: SearchHit): string {
  const file = relative(io.cwd, hit.path) || hit.path
  const where = hit.comment === null ? 'opening' : `comment ${hit.comment} by ${hit.author ?? '?'}`
  return `${file}:${hit.line}  ${where}  ${hit.text}\n`
}

export function registerSearch(
  program: Command,
  io: CliIO,
  setExitCode: (code: number) => void,
): void {
  program
    .command('search')
    .description(
      'Search the discussions of a folder (titles, comments, markers, authors): the best hits first, each with its file, line and comment number. Given one discussion file, its hits in the order of the file.',
    )
    .argument('<query>', 'the words to find (every one must appear; case does not matter)')
    .argument(
      '[folder]',
      'folder to search, or one discussion file (default: output.directory of the config)',
    )
    .option(
      '--limit <count>',
      `show at most this many hits (default: ${DEFAULT_LIMIT})`,
      parseLimit,
    )
    .option('--json', 'print the hits as JSON')
    .action(async (query, folderArgument, options) => {
      const engine = await loadCliContext(io)
      const folder = folderArgument ? resolveFile(io, folderArgument) : engine.discussionsDir
      const limit = options.limit ?? DEFAULT_LIMIT
      const read = { limit, maxBytes: engine.store.maxBytes }
      const isFile = (await stat(folder).catch(() => null))?.isFile() === true
      const results = await (
        isFile ? searchDiscussionFile(folder, query, read) : searchFolder(folder, query, read)
      ).catch((error: unknown) => {
        if (error instanceof NotADiscussionFileError)
          throw new CliError(
            `${folder}: not a discussion file. Name a discussion, or a folder of them, to search.`,
          )
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT' || code === 'ENOTDIR')
          throw new CliError(`${folder}: no such folder. Name a folder of discussions to search.`)
        throw error
      })
      if (results.terms.length === 0)
        throw new CliError(
          `"${query}" has no words to search for: give letters or digits, e.g. discussions search gdpr.`,
        )
      if (options.json) return writeJson(io, results)
      if (results.total === 0) {
        io.stdout.write(
          `No match for "${query}" in ${countOf(results.searched, 'discussion')} in ${folder}.\n`,
        )
        setExitCode(EXIT.negative)
        return
      }
      for (const hit of results.hits) io.stdout.write(hitLine(io, hit))
      const shown =
        results.total > results.hits.length
          ? ` (the best ${results.hits.length} shown; --limit ${results.total} shows all)`
          : ''
      io.stdout.write(
        `${countOf(results.total, 'match', 'matches')} in ${countOf(results.searched, 'discussion')}${shown}.\n`,
      )
    })
}
