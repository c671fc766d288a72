/**
 * Discussions: listing a folder, reading one, creating one; and the events that say a file changed
 * on disk or had answers restored.
 */
import * as z from 'zod'

import { discussionSpendSchema } from './budget.js'
import { pathSchema, voteCountsSchema, voteSchema } from './common.js'
import { phaseInfoSchema } from './templates.js'

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

export const discussionSummarySchema = z.object({
  path: z.string(),
  title: z.string(),
  template: z.string().nullable(),
  phase: z.string().nullable(),
  status: z.string().nullable(),
  participants: z.array(z.string()),
  comments: z.number(),
  votes: voteCountsSchema,
  /** When the file last changed (ISO 8601). */
  lastActivity: z.string(),
  /** Set when the discussion is over the size limit: why it is read-only (counts not read). */
  note: z.string().optional(),
})
export type DiscussionSummary = z.infer<typeof discussionSummarySchema>

export const participantInfoSchema = z.object({
  /** As comments are signed: `AI-Architect`, `Rob`. */
  name: z.string(),
  /** As it is @mentioned: `architect`. */
  alias: z.string(),
  /** The persona's role, when the registry knows it. */
  role: z.string().nullable(),
  human: z.boolean(),
  /** The participant's current vote in this phase; null: none yet. */
  vote: voteSchema.nullable(),
})
export type ParticipantInfo = z.infer<typeof participantInfoSchema>

export const commentInfoSchema = z.object({
  index: z.number(),
  author: z.string(),
  body: z.string(),
  vote: voteSchema.nullable(),
  human: z.boolean(),
  /** Line of the `Name:` line in the file (1-based). */
  line: z.number(),
  /** Written in the current phase, so its vote counts. */
  current: z.boolean(),
  /** False when the block was cut short (no closing `---`). */
  closed: z.boolean(),
})
export type CommentInfo = z.infer<typeof commentInfoSchema>

/** A question, decision, action item or concern, with who wrote it where. */
export const itemInfoSchema = z.object({ text: z.string(), author: z.string(), line: z.number() })
export type ItemInfo = z.infer<typeof itemInfoSchema>

/** Votes, consensus in words and the open items, as `discussions status` shows them. */
export const discussionStatusSchema = z.object({
  title: z.string().nullable(),
  phase: z.string().nullable(),
  status: z.string().nullable(),
  template: z.string().nullable(),
  /** Each participant's latest vote with the first sentence of the comment that carried it. */
  participants: z.array(
    z.object({ name: z.string(), vote: voteSchema.nullable(), reason: z.string() }),
  ),
  questions: z.array(itemInfoSchema),
  decisions: z.array(itemInfoSchema),
  todos: z.array(itemInfoSchema),
  concerns: z.array(itemInfoSchema),
  consensus: z.object({
    reached: z.boolean(),
    outcome: z.enum(['READY', 'REJECT']).nullable(),
    counts: voteCountsSchema,
    total: z.number(),
    readyFraction: z.number(),
    rejectFraction: z.number(),
    blockedBy: z.array(z.string()),
    humanApproved: z.boolean(),
    /** What stands between the votes and a READY consensus, in words; empty when reached. */
    reason: z.string(),
    /** Consensus in one sentence. */
    summary: z.string(),
  }),
})
export type DiscussionStatusInfo = z.infer<typeof discussionStatusSchema>

export const discussionDetailSchema = z.object({
  path: z.string(),
  title: z.string(),
  template: z.string().nullable(),
  phase: z.string().nullable(),
  status: z.string().nullable(),
  created: z.string().nullable(),
  lastActivity: z.string(),
  /** The discussion's own text above its first comment (context, requirements...), as markdown. */
  body: z.string(),
  participants: z.array(participantInfoSchema),
  /** The template's phases in order; empty when the template is unknown (see `problems`). */
  phases: z.array(phaseInfoSchema),
  comments: z.array(commentInfoSchema),
  summary: discussionStatusSchema,
  /** Things the person should know, such as an unknown template. */
  problems: z.array(z.string()),
  /** What the discussion has spent, and its cap. */
  spend: discussionSpendSchema,
})
export type DiscussionDetail = z.infer<typeof discussionDetailSchema>

export const discussionCreatedSchema = z.object({ path: z.string() })

export interface DiscussionsResponses {
  'discussions:list': DiscussionSummary[]
  'discussions:read': DiscussionDetail
  'discussions:create': z.infer<typeof discussionCreatedSchema>
}

/** Pushed when a discussion file in an open folder changes on disk. */
export const discussionChangedSchema = z.object({ path: z.string(), folder: z.string() })
export type DiscussionChanged = z.infer<typeof discussionChangedSchema>

/** Pushed when answers the app had appended vanished from a file and were appended again. */
export const discussionRestoredSchema = z.object({
  path: z.string(),
  /** The authors of the restored comments, in file order. */
  authors: z.array(z.string()),
  /**
   * A phase change the older copy took away: made again (`restored`), or left as the file now
   * has it because the phase was changed since, so the person decides.
   */
  phase: z
    .object({
      from: z.string(),
      to: z.string(),
      restored: z.boolean(),
      current: z.string().nullable(),
    })
    .nullable(),
})
export type DiscussionRestored = z.infer<typeof discussionRestoredSchema>
