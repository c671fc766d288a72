import type { Command } from '@commander-js/extra-typings'

import type { DiscussionStatus } from '../../core/discussion/status.js'
import type { ItemView } from '../../core/discussion/describe.js'
import { aliasOfAuthor } from '../../core/routing/route.js'
import { requireDiscussionFile } from '../../node/engine/index.js'
import { loadCliContext, resolveFile } from '../context.js'
import type { CliIO } from '../io.js'
import { withRenamedFields } from '../renamed-fields.js'
import { writeJson } from '../io.js'

export function registerStatus(program: Command, io: CliIO): void {
  program
    .command('status')
    .description('Show a discussion at a glance: phase, votes with reasons, open items, consensus.')
    .argument('<file>', 'discussion file')
    .option('--json', 'print the status as JSON')
    .action(async (file, options) => {
      const engine = await loadCliContext(io)
      const loaded = await engine.load(file)
      // A file that is no discussion (package.json, notes) is refused, as `comment` refuses it.
      await requireDiscussionFile(resolveFile(io, file), file)
      if (loaded.readOnly) io.stderr.write(`note: ${loaded.readOnly}\n`)
      const status = await engine.status(loaded)
      if (options.json) writeJson(io, withRenamedFields('status', status))
      else io.stdout.write(formatStatus(status))
    })
}

function section(title: string, items: readonly ItemView[], prefix: string): string[] {
  if (items.length === 0) return []
  return [
    '',
    `${title} (${items.length}):`,
    ...items.map((item) => `  ${prefix}${item.text} (@${aliasOfAuthor(item.author)})`),
  ]
}

export function formatStatus(status: DiscussionStatus): string {
  const lines = [
    `Discussion: ${status.title ?? '(untitled)'}`,
    `Phase: ${status.phase ?? '-'}`,
    `Status: ${status.status ?? '-'}`,
  ]
  lines.push('', `Participants (${status.participants.length} voted in this phase):`)
  if (status.participants.length === 0) lines.push('  (no votes yet)')
  for (const participant of status.participants) {
    lines.push(
      `  ${participant.name}: ${participant.vote}${participant.reason ? ` - ${participant.reason}` : ''}`,
    )
  }
  lines.push(
    ...section('Open Questions', status.questions, 'Q: '),
    ...section('Decisions', status.decisions, ''),
    ...section('Action Items', status.todos, 'TODO: '),
    ...section('Concerns', status.concerns, ''),
    '',
    status.consensus.summary,
  )
  return `${lines.join('\n')}\n`
}
