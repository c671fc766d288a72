/**
 * The settings file, `discussions.yaml` (a project's root, or the user's config folder), with the
 * seed's keys. Every key is optional: an empty file is valid and marks a project root.
 * Unlike `calculateConsensus` itself, the settings require a human READY by default, as the
 * seed's config says: a discussion is not decided by AI votes alone unless someone says so.
 */
import * as z from 'zod'

import { budgetSettingsSchema } from '../budget/settings.js'
import { councilSettingsSchema } from '../council/settings.js'
import { strictObject } from './strict-object.js'

const fraction = z
  .number()
  .min(0, { error: 'must be a fraction between 0 and 1, such as 0.67' })
  .max(1, { error: 'must be a fraction between 0 and 1, such as 0.67' })

const nonEmpty = z.string().min(1)

export const consensusSettingsSchema = strictObject({
  /** Fraction of READY votes needed. */
  threshold_ready: fraction.default(0.67),
  /** Fraction of REJECT votes that blocks (0.01: any REJECT). */
  threshold_reject: fraction.default(0.01),
  /** Whether at least one human READY is needed. */
  human_required: z.boolean().default(true),
})

export const providerSettingsSchema = strictObject({
  /** The provider a persona without a working `provider_hint` uses; null: the built-in choice. */
  default: nonEmpty.nullable().default(null),
  /** Providers tried in order when the chosen one fails. */
  fallback: z.array(nonEmpty).default([]),
})

export const outputSettingsSchema = strictObject({
  /** Where new discussions are written, relative to the project root. */
  directory: nonEmpty.default('./discussions'),
  /** Whether a `.sum.md` summary is kept beside each discussion. */
  summary_files: z.boolean().default(true),
})

export const userSettingsSchema = strictObject({
  /** The name a human's comments are signed with; null: ask, or use the system's user name. */
  name: nonEmpty.nullable().default(null),
})

export const mcpSettingsSchema = strictObject({
  /**
   * The name a coding agent's comments are signed with through `discussions mcp`; null: from the
   * client's name (`AI-agent-claude-code`). Always read as an agent's name (see agent-author.ts).
   */
  author: nonEmpty.nullable().default(null),
})

export const turnSettingsSchema = strictObject({
  /** How many personas answer at once in a parallel turn. */
  concurrency: z.int().min(1, { error: 'must be at least 1' }).default(8),
  /** Seconds a persona may take before its call is stopped; null: each provider's own limit. */
  timeout_seconds: z
    .number()
    .positive({ error: 'must be a positive number of seconds' })
    .nullable()
    .default(null),
  /**
   * Characters of the discussion a prompt carries whole; a larger discussion is sent as its
   * header, a digest and the latest comments. About 4 characters make a token.
   */
  context_chars: z.int().min(4_000, { error: 'must be at least 4000 characters' }).default(120_000),
})

/** Megabytes a string of a discussion's text can hold in Node, and then some to spare. */
const MAX_DISCUSSION_MB = 500

export const limitSettingsSchema = strictObject({
  /**
   * Megabytes a discussion may have to be written to or read whole; a larger one is listed with a
   * note and shown read-only from its first part.
   */
  discussion_mb: z
    .number()
    .positive({ error: 'must be a positive number of megabytes' })
    .max(MAX_DISCUSSION_MB, {
      error: `must be at most ${MAX_DISCUSSION_MB} (megabytes; a larger file cannot be read whole)`,
    })
    .default(64),
})

export const discussionsConfigSchema = strictObject({
  /** Persona aliases (or names) a new discussion starts with. */
  default_participants: z.array(nonEmpty).default(['architect', 'security', 'pragmatist']),
  /** The template a new discussion uses when none is named. */
  default_template: nonEmpty.default('feature'),
  // `prefault` parses `{}`, so a file that sets one nested key still gets the other defaults.
  consensus: consensusSettingsSchema.prefault({}),
  providers: providerSettingsSchema.prefault({}),
  output: outputSettingsSchema.prefault({}),
  user: userSettingsSchema.prefault({}),
  turns: turnSettingsSchema.prefault({}),
  mcp: mcpSettingsSchema.prefault({}),
  limits: limitSettingsSchema.prefault({}),
  /** Which providers the council's tiers use (see docs/council.md). */
  council: councilSettingsSchema.prefault({}),
  /** Caps on spending and the warning before them (see README, "Budgets"). */
  budget: budgetSettingsSchema.prefault({}),
  /** The program that creates diagrams and other artifacts; null: none configured. */
  artifact_editor: nonEmpty.nullable().default(null),
  /**
   * A PlantUML server's base URL (`https://plantuml.example/plantuml`), used only when no local
   * PlantUML is installed; diagram text is sent to it. Null: none.
   */
  plantuml_server: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL of a PlantUML server' })
    .nullable()
    .default(null),
})

export type DiscussionsConfig = z.output<typeof discussionsConfigSchema>
