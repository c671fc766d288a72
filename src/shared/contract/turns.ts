/** Turns: who would answer, starting one, cancelling it; its progress arrives as events. */
import { z } from 'zod'

import type { TurnEvent } from '../../core/turns/turn-events.js'
import type { ProviderUsage } from '../../core/providers/port.js'
import type { VoteCounts } from '../../core/voting/consensus.js'
import { pathSchema } from './common.js'

const alias = z
  .string()
  .regex(/^@?[A-Za-z0-9][\w.-]*$/, { error: 'must be a persona alias such as "architect"' })

const turnId = z.string().min(1).max(100)

export const turnsRequests = {
  /** Who a turn on this discussion would ask now, and the providers it could use. */
  'turns:plan': z.strictObject({ path: pathSchema }),
  /** Starts a turn and answers at once with its id; progress comes as `turn:progress` events. */
  'turns:start': z.strictObject({
    path: pathSchema,
    /** Aliases, or `all`; absent or empty: routing decides (mentions, then the phase's defaults). */
    participants: z.array(alias).max(50).optional(),
    callout: z.string().max(20_000).optional(),
    /** One provider for everyone, without fallback; absent: each persona's chain. */
    provider: z.string().min(1).max(100).optional(),
  }),
  'turns:cancel': z.strictObject({ turnId }),
}

export interface TurnCandidate {
  alias: string
  /** The persona's name; null when no persona has this alias. */
  name: string | null
  role: string | null
  /** Listed in the discussion's participants. */
  member: boolean
}

export interface TurnPlanInfo {
  /** The discussion's participants first, then every other persona. */
  candidates: TurnCandidate[]
  /** Who routing picks when nobody is named: the preselected chips. */
  preselected: string[]
  /** Why they were picked: `mentions`, `phase` (the phase's defaults), `participants` ... */
  source: 'explicit' | 'callout' | 'mentions' | 'phase' | 'participants'
  phase: string | null
  providers: string[]
  defaultProvider: string
  /** The default provider is the offline demo. */
  usingDemo: boolean
  /** A turn already running on this file, if any. */
  running: string | null
}

export interface TurnOutcome {
  cancelled: boolean
  votes: VoteCounts
  usage: ProviderUsage
  costUsd: number | null
  phase: {
    from: string | null
    to: string | null
    status: string | null
    reason: string | null
  } | null
}

/** Pushed while a turn runs: each participant's progress, then one `finished` or `error`. */
export type TurnProgress =
  | { turnId: string; path: string; kind: 'event'; event: TurnEvent }
  | { turnId: string; path: string; kind: 'finished'; outcome: TurnOutcome }
  | { turnId: string; path: string; kind: 'error'; message: string }

export interface TurnsResponses {
  'turns:plan': TurnPlanInfo
  'turns:start': { turnId: string }
  'turns:cancel': { cancelled: boolean }
}
