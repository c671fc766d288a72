import type { Command } from '@commander-js/extra-typings'

import { listDiscussions } from '../../node/engine/index.js'
import type { DiscussionListing } from '../../node/engine/index.js'
import { loadCliContext, resolveFile } from '../context.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'
import { withRenamedFields } from '../renamed-fields.js'
import { writeJson } from '../io.js'
import { formatTable } from '../table.js'

export function registerList(program: Command, io: CliIO): void {
  program
    .command('list')
    .description('List the discussions in a folder, most recently active first.')
    .option('-d, --dir <folder>', 'folder to list (default: output.directory of the config)')
    .option('-s, --status <status>', 'only discussions with this status (any case)')
    .option('--json', 'print the list as JSON')
    .action(async (options) => {
      const engine = await loadCliContext(io)
      const folder = options.dir ? resolveFile(io, options.dir) : engine.discussionsDir
      let listings: DiscussionListing[]
      try {
        listings = await listDiscussions(folder, { maxBytes: engine.store.maxBytes })
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT')
          throw new CliError(
            `${folder}: no such folder. Create a discussion with \`discussions new "Title"\`.`,
          )
        throw error
      }
      const wanted = options.status?.toLowerCase()
      if (wanted) listings = listings.filter((listing) => listing.status?.toLowerCase() === wanted)
      if (options.json)
        return writeJson(
          io,
          listings.map((listing) => withRenamedFields('list', listing)),
        )
      if (listings.length === 0) {
        io.stdout.write(
          `No discussions${wanted ? ` with status ${options.status}` : ''} in ${folder}.\n`,
        )
        return
      }
      const rows = listings.map((listing) => [
        listing.title,
        listing.template ?? '-',
        listing.phase ?? '-',
        listing.status ?? '-',
        listing.note
          ? '-'
          : `${listing.votes.READY}/${listing.votes.CHANGES}/${listing.votes.REJECT}`,
        listing.last_activity.slice(0, 16).replace('T', ' '),
        listing.path,
      ])
      io.stdout.write(
        formatTable(
          ['TITLE', 'TEMPLATE', 'PHASE', 'STATUS', 'R/C/X', 'LAST ACTIVITY', 'FILE'],
          rows,
        ),
      )
      for (const { note } of listings) if (note) io.stdout.write(`note: ${note}\n`)
    })
}
