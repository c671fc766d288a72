/**
 * The calls a council makes, in order, grouped into steps: the calls of one step run at the same
 * time, and a step starts only when the one before it is complete. Everything else (prompts,
 * resuming, progress) follows this plan, so the call counts are the seed's by construction:
 * personality 3 per round + 1 (+ 3 with --rank), dp 5 for one round and 4N + 1 for N rounds.
 */
import type { CouncilOptions } from './modes.js'
import { GROUP_ROLES, META, PERSONALITY_ADVISORS, REFEREE } from './roles.js'
import type { CouncilGroup, CouncilRole } from './roles.js'

/** What a call is asked to do. */
export type CallStage =
  'opening' | 'rebuttal' | 'final' | 'ideation' | 'assessment' | 'ranking' | 'synthesis'

/** The phases of the council template, in order. */
export const COUNCIL_PHASES = ['deliberation', 'ranking', 'synthesis', 'complete'] as const
export type CouncilPhase = (typeof COUNCIL_PHASES)[number]

export interface CouncilCall {
  /** The seed's label: `council-r2-skeptic`, `council-d-arbiter`, `council-referee`. */
  label: string
  role: CouncilRole
  /** 1-based; null for the ranking and the synthesis. */
  round: number | null
  stage: CallStage
  phase: CouncilPhase
}

export type CouncilStep = CouncilCall[]

/** The seed's labels: no round prefix when there is only one round. */
export function labelFor(role: CouncilRole, round: number | null, rounds: number): string {
  return round === null || rounds === 1 ? `council-${role.id}` : `council-r${round}-${role.id}`
}

/** An advisor round's stage: opening first, final last, rebuttals between. */
export function advisorStage(round: number, rounds: number): 'opening' | 'rebuttal' | 'final' {
  if (round === 1) return 'opening'
  return round === rounds ? 'final' : 'rebuttal'
}

function call(
  role: CouncilRole,
  round: number | null,
  rounds: number,
  stage: CallStage,
): CouncilCall {
  const phase: CouncilPhase =
    stage === 'ranking' ? 'ranking' : stage === 'synthesis' ? 'synthesis' : 'deliberation'
  return { label: labelFor(role, round, rounds), role, round, stage, phase }
}

function personalitySteps(options: CouncilOptions): CouncilStep[] {
  const steps: CouncilStep[] = []
  for (let round = 1; round <= options.rounds; round++) {
    const calls = PERSONALITY_ADVISORS.map((role) =>
      call(role, round, options.rounds, advisorStage(round, options.rounds)),
    )
    // Sequential: each advisor waits for (and reads) the ones before it in the round.
    if (options.flow === 'sequential') steps.push(...calls.map((one) => [one]))
    else steps.push(calls)
  }
  if (options.rank) {
    steps.push(
      PERSONALITY_ADVISORS.map((role) => ({
        ...call(role, null, options.rounds, 'ranking'),
        label: `council-rank-${role.id}`,
      })),
    )
  }
  steps.push([call(REFEREE, null, options.rounds, 'synthesis')])
  return steps
}

function dpSteps(options: CouncilOptions): CouncilStep[] {
  const steps: CouncilStep[] = []
  const groups: CouncilGroup[] = ['d', 'p']
  for (let round = 1; round <= options.rounds; round++) {
    const ideas = groups.map((g) => call(GROUP_ROLES[g].free, round, options.rounds, 'ideation'))
    const shortlists = groups.map((g) =>
      call(GROUP_ROLES[g].arbiter, round, options.rounds, 'assessment'),
    )
    // Sequential: D ideates, D assesses, then P ideates and assesses; parallel (and debate):
    // both freethinkers at once, then both arbiters at once.
    if (options.flow === 'sequential') {
      groups.forEach((_, i) => steps.push(ideas.slice(i, i + 1), shortlists.slice(i, i + 1)))
    } else steps.push(ideas, shortlists)
  }
  steps.push([call(META, null, options.rounds, 'synthesis')])
  return steps
}

export function planCouncil(options: CouncilOptions): CouncilStep[] {
  return options.mode === 'personality' ? personalitySteps(options) : dpSteps(options)
}

/** Every call of the plan, in order. */
export function plannedCalls(options: CouncilOptions): CouncilCall[] {
  return planCouncil(options).flat()
}
