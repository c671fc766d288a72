/**
 * The council's settings: mode, flow, rounds, tier and ranking, with the seed's defaults and the
 * combinations it does not allow refused in one sentence a user can act on.
 */
import { DiscussionError } from '../errors.js'

export const COUNCIL_MODES = ['personality', 'dp'] as const
export type CouncilMode = (typeof COUNCIL_MODES)[number]

export const COUNCIL_FLOWS = ['parallel', 'sequential', 'debate'] as const
export type CouncilFlow = (typeof COUNCIL_FLOWS)[number]

export const COUNCIL_TIERS = ['light', 'medium', 'heavy'] as const
export type CouncilTier = (typeof COUNCIL_TIERS)[number]

export const MAX_ROUNDS = 5
/** A debate needs an opening and a final round; the seed's default is three. */
export const DEBATE_DEFAULT_ROUNDS = 3

export interface CouncilOptions {
  mode: CouncilMode
  flow: CouncilFlow
  rounds: number
  tier: CouncilTier
  /** An anonymized peer-ranking stage before the referee (personality mode only). */
  rank: boolean
}

export type CouncilOptionsInput = Partial<Record<keyof CouncilOptions, unknown>>

function oneOf<T extends string>(
  what: string,
  value: unknown,
  valid: readonly T[],
  fallback: T,
): T {
  if (value === undefined || value === null) return fallback
  if (typeof value === 'string' && (valid as readonly string[]).includes(value)) return value as T
  throw new DiscussionError(`${what} ${JSON.stringify(value)} is not one of ${valid.join(', ')}.`)
}

/** Fills in the defaults and refuses what the seed does not describe. */
export function resolveCouncilOptions(input: CouncilOptionsInput): CouncilOptions {
  const mode = oneOf('--mode', input.mode, COUNCIL_MODES, 'personality')
  const flow = oneOf('--flow', input.flow, COUNCIL_FLOWS, 'parallel')
  const tier = oneOf('--tier', input.tier, COUNCIL_TIERS, 'light')
  const rank = input.rank === true
  const rounds = input.rounds ?? (flow === 'debate' ? DEBATE_DEFAULT_ROUNDS : 1)
  if (typeof rounds !== 'number' || !Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS)
    throw new DiscussionError(`--rounds must be a whole number from 1 to ${MAX_ROUNDS}.`)
  if (flow === 'debate' && rounds < 2)
    throw new DiscussionError(
      'A debate needs at least 2 rounds (an opening and a final position); use --rounds 2 or more, or --flow parallel for one round.',
    )
  if (rank && mode === 'dp')
    throw new DiscussionError(
      '--rank works in personality mode only: the D/P groups already shortlist and the meta-arbiter merges; drop --rank or use --mode personality.',
    )
  return { mode, flow, rounds, tier, rank }
}
