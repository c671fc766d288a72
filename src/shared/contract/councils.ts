/** The council: start one, resume it, cancel it, read it; its progress arrives as events. */
import { z } from 'zod'

import type { CouncilView } from '../../core/council/describe.js'
import type { CouncilEvent } from '../../core/council/events.js'
import type { CouncilRunProgress } from '../../core/council/progress.js'
import { pathSchema } from './common.js'

const runId = z.string().min(1).max(100)

export const councilRequests = {
  /** Creates the council's file in `folder` and starts it; answers at once with its path and id. */
  'councils:start': z.strictObject({
    folder: pathSchema,
    question: z.string().trim().min(1, { error: 'ask the council something' }).max(20_000),
    mode: z.enum(['personality', 'dp']).optional(),
    flow: z.enum(['parallel', 'sequential', 'debate']).optional(),
    rounds: z.int().min(1).max(5).optional(),
    tier: z.enum(['light', 'medium', 'heavy']).optional(),
    rank: z.boolean().optional(),
    /** Every role uses this provider; absent: the tiers decide. */
    provider: z.string().min(1).max(100).optional(),
  }),
  /** Continues a council that stopped; only the missing calls are made. */
  'councils:resume': z.strictObject({ path: pathSchema }),
  'councils:cancel': z.strictObject({ runId }),
  /** The council as its file says: calls, answers, ranking, synthesis, usage; and a running run. */
  'councils:read': z.strictObject({ path: pathSchema }),
}

export type CouncilInfo = CouncilView & {
  path: string
  /** The run working on this file now, if any. */
  running: string | null
  /** That run's calls so far (who writes what), so a view opened mid-run shows them. */
  progress: CouncilRunProgress | null
}

/** Pushed while a council runs: its events, then one `finished` or `error`. */
export type CouncilProgress =
  | { runId: string; path: string; kind: 'event'; event: CouncilEvent }
  | {
      runId: string
      path: string
      kind: 'finished'
      complete: boolean
      cancelled: boolean
      failed: { label: string; reason: string }[]
    }
  | { runId: string; path: string; kind: 'error'; message: string }

export interface CouncilResponses {
  'councils:start': { path: string; runId: string }
  'councils:resume': { runId: string }
  'councils:cancel': { cancelled: boolean }
  'councils:read': CouncilInfo
}
