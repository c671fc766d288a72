/**
 * Discussion files for the export and gate tests, written as our writers write them (header,
 * context, comment blocks through `formatCommentBlock`, phase markers), and the bundled
 * templates as the engine loads them.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { parse } from 'yaml'

import { personBody } from '../../src/core/format/comment-body.js'
import { formatCommentBlock } from '../../src/core/format/serialize.js'
import { admitName, admitText } from '../../src/core/text/text.js'
import type { Vote } from '../../src/core/format/model.js'
import { templateSchema } from '../../src/core/templates/schema.js'
import type { Template } from '../../src/core/templates/schema.js'
import { ROOT } from '../support/run-cli.js'

export interface Said {
  author: string
  text: string
  vote?: Vote | null
}

export interface DiscussionText {
  title: string
  template?: string
  phase?: string
  status?: string
  participants?: string[]
  context?: string
  /** Comments, and phase changes between them (`{ from, to }`). */
  thread: (Said | { from: string; to: string })[]
}

export function discussionText(d: DiscussionText): string {
  const header = [
    '<!-- DISCUSSION -->',
    `<!-- Title: ${d.title} -->`,
    ...(d.phase ? [`<!-- Phase: ${d.phase} -->`] : []),
    `<!-- Status: ${d.status ?? 'OPEN'} -->`,
    '<!-- Created: 2026-11-02T09:00:00Z -->',
    ...(d.template ? [`<!-- Template: ${d.template} -->`] : []),
    `<!-- Participants: ${(d.participants ?? ['architect', 'security', 'pragmatist']).join(', ')} -->`,
    '',
    `# ${d.title}`,
    '',
    '## Context',
    '',
    d.context ?? 'Users need accounts before the January rollout.',
    '',
    '*Discussion begins below.*',
    '',
    '---',
    '',
  ].join('\n')
  let text = header
  for (const part of d.thread) {
    if ('from' in part)
      text += `\n<!-- PHASE-TRANSITION: ${part.from} -> ${part.to} -->\n<!-- VOTE-RESET: ${part.to} -->\n\n---\n`
    else
      text += formatCommentBlock(
        admitName(part.author),
        personBody(admitText(part.text)),
        part.vote ?? null,
      )
  }
  return text
}

/** A bundled template, checked by its schema as the engine loads it. */
export function bundledTemplate(name: string): Template {
  const source = readFileSync(join(ROOT, 'templates', `${name}.yaml`), 'utf8')
  return templateSchema.parse(parse(source))
}

/** A feature discussion in its voting phase, in three states. */
export const FEATURE_VOTE = { template: 'feature', phase: 'consensus_vote' }

export const readyDiscussion = (): DiscussionText => ({
  title: 'Use server sessions',
  ...FEATURE_VOTE,
  thread: [
    {
      author: 'AI-Architect',
      text: 'Sessions belong in the store we already run.\n\nDECISION: Server-side sessions in PostgreSQL.',
      vote: 'READY',
    },
    {
      author: 'AI-Security',
      text: 'A 1h idle timeout is enough.\n\nCONCERN: Session fixation on login.\n\nTODO: Rotate the session id at login.',
      vote: 'READY',
    },
    {
      author: 'AI-Pragmatist',
      text: 'Fine by me.\n\nQ: Who owns the cleanup job?',
      vote: 'CHANGES',
    },
    {
      author: 'Rob',
      text: 'Server sessions it is.\n\nASSIGNED: @architect writes the migration.',
      vote: 'READY',
    },
  ],
})

export const changesDiscussion = (): DiscussionText => ({
  title: 'Adopt GraphQL',
  ...FEATURE_VOTE,
  thread: [
    {
      author: 'AI-Architect',
      text: 'Not yet.\n\nCONCERN: Nobody has run it in production.',
      vote: 'CHANGES',
    },
    { author: 'AI-Security', text: 'Query depth limits first.', vote: 'CHANGES' },
    { author: 'Rob', text: 'Agreed, later.', vote: 'CHANGES' },
  ],
})

export const openDiscussion = (): DiscussionText => ({
  title: 'Pick a queue',
  ...FEATURE_VOTE,
  thread: [
    { author: 'AI-Architect', text: 'DECISION: Use the database as a queue.', vote: 'READY' },
    { author: 'AI-Pragmatist', text: 'I would rather wait for numbers.', vote: 'CHANGES' },
  ],
})
