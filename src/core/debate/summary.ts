/**
 * A debate at a glance, for `debate status`, the app's view and JSON output: where it stands,
 * each proposal with its critiques by severity, defenses and revisions, and each round's tally.
 */
import type {
  Absence,
  Critique,
  DebateOutcome,
  DebateParticipant,
  DebateSettings,
  DebateState,
  Defense,
  Revision,
} from './model.js'
import { currentText } from './model.js'
import { nextStep } from './next-step.js'
import type { DebateStep } from './next-step.js'
import { tallyRound } from './tally.js'
import type { RoundTally } from './tally.js'

export interface ProposalSummary {
  id: string
  author: string
  confidence: number | null
  original: string
  current: string
  revisions: Revision[]
  critiques: Record<'blocking' | 'major' | 'minor', Critique[]>
  defenses: Defense[]
}

export interface DebateSummary {
  title: string
  participants: DebateParticipant[]
  settings: DebateSettings
  next: DebateStep
  /** In words: "round 2, defend: waiting for @security", "escalated: the human decides". */
  standing: string
  proposals: ProposalSummary[]
  /** Tallies of the rounds that were voted on. */
  tallies: RoundTally[]
  absences: Absence[]
  outcome: DebateOutcome | null
  problems: string[]
}

function standingOf(step: DebateStep, outcome: DebateOutcome | null): string {
  switch (step.kind) {
    case 'finished':
      if (outcome?.kind === 'consensus')
        return `consensus on ${outcome.proposal} in round ${outcome.round}`
      if (outcome?.kind === 'accepted') return `decided: ${outcome.by} accepted ${outcome.proposal}`
      if (outcome?.kind === 'rejected') return `decided: ${outcome.by} rejected every proposal`
      return 'finished'
    case 'awaiting-human':
      return 'escalated: waiting for the human to decide (`discussions debate decide`)'
    case 'start-round':
      return `ready to start round ${step.round}`
    case 'ask':
      return `round ${step.round}, ${step.phase}: waiting for ${step.participants.map((p) => `@${p}`).join(', ')}`
    case 'decide-round':
      return `round ${step.round}: every ballot is in, the round is ready to be counted`
    case 'escalate':
      return `about to escalate: ${step.reason}`
  }
}

export function summarizeDebate(state: DebateState): DebateSummary {
  const next = nextStep(state)
  const critiques = state.rounds.flatMap((r) => r.critiques)
  const defenses = state.rounds.flatMap((r) => r.defenses)
  const proposals = state.proposals.map((p): ProposalSummary => {
    const mine = critiques.filter((c) => c.target === p.id)
    return {
      id: p.id,
      author: p.author,
      confidence: p.confidence,
      original: p.text,
      current: currentText(p),
      revisions: p.revisions,
      critiques: {
        blocking: mine.filter((c) => c.severity === 'blocking'),
        major: mine.filter((c) => c.severity === 'major'),
        minor: mine.filter((c) => c.severity === 'minor'),
      },
      defenses: defenses.filter((d) => d.proposal === p.id),
    }
  })
  const tallies = state.rounds
    .filter((r) => r.ballots.length > 0 || r.result !== null)
    .map((r) => tallyRound(state, r))
  return {
    title: state.title,
    participants: state.participants,
    settings: state.settings,
    next,
    standing: standingOf(next, state.outcome),
    proposals,
    tallies,
    absences: state.rounds.flatMap((r) => r.absences),
    outcome: state.outcome,
    problems: state.problems,
  }
}
