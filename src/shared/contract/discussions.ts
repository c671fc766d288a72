/**
 * Discussions: listing a folder, reading one, creating one; and the events that say a file changed
 * on disk or had answers restored.
 */
import { z } from 'zod'

import type { DiscussionStatus } from '../../core/discussion/status.js'
import type { Vote } from '../../core/format/model.js'
import type { VoteCounts } from '../../core/voting/consensus.js'
import { pathSchema } from './common.js'
import type { PhaseInfo } from './templates.js'

const alias = z
  .string()
  .regex(/^@?[A-Za-z0-9][\w.-]*$/, { error: 'must be a persona alias such as "architect"' })

export const discussionsRequests = {
  'discussions:list': z.strictObject({ folder: pathSchema }),
  'discussions:read': z.strictObject({ path: pathSchema }),
  'discussions:create': z.strictObject({
    /** The workspace folder the file is written to. */
    folder: pathSchema,
    title: z.string().trim().min(1, { error: 'is empty; give the discussion a name' }).max(200),
    /** Absent: the configured default template. */
    template: z.string().min(1).max(100).optional(),
    /** Persona aliases; absent or empty: the template's or the configured participants. */
    participants: z.array(alias).max(50).optional(),
    context: z.string().max(100_000).optional(),
  }),
}

export interface DiscussionSummary {
  path: string
  title: string
  template: string | null
  phase: string | null
  status: string | null
  participants: string[]
  comments: number
  votes: VoteCounts
  /** When the file last changed (ISO 8601). */
  lastActivity: string
}

export interface ParticipantInfo {
  /** As comments are signed: `AI-Architect`, `Rob`. */
  name: string
  /** As it is @mentioned: `architect`. */
  alias: string
  /** The persona's role, when the registry knows it. */
  role: string | null
  human: boolean
  /** The participant's current vote in this phase; null: none yet. */
  vote: Vote | null
}

export interface CommentInfo {
  index: number
  author: string
  body: string
  vote: Vote | null
  human: boolean
  /** Line of the `Name:` line in the file (1-based). */
  line: number
  /** Written in the current phase, so its vote counts. */
  current: boolean
  /** False when the block was cut short (no closing `---`). */
  closed: boolean
}

export interface DiscussionDetail {
  path: string
  title: string
  template: string | null
  phase: string | null
  status: string | null
  created: string | null
  lastActivity: string
  /** The discussion's own text above its first comment (context, requirements...), as markdown. */
  body: string
  participants: ParticipantInfo[]
  /** The template's phases in order; empty when the template is unknown (see `problems`). */
  phases: PhaseInfo[]
  comments: CommentInfo[]
  /** Votes, consensus in words and the open items, as `discussions status` shows them. */
  summary: DiscussionStatus
  /** Things the person should know, such as an unknown template. */
  problems: string[]
}

export interface DiscussionsResponses {
  'discussions:list': DiscussionSummary[]
  'discussions:read': DiscussionDetail
  'discussions:create': { path: string }
}

/** Pushed when a discussion file in an open folder changes on disk. */
export interface DiscussionChanged {
  path: string
  folder: string
}

/** Pushed when answers the app had appended vanished from a file and were appended again. */
export interface DiscussionRestored {
  path: string
  /** The authors of the restored comments, in file order. */
  authors: string[]
  /**
   * A phase change the older copy took away: made again (`restored`), or left as the file now
   * has it because the phase was changed since, so the person decides.
   */
  phase: { from: string; to: string; restored: boolean; current: string | null } | null
}
