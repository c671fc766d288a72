/**
 * The debate's records: what the file holds once parsed (see `read-state.ts`) and what the state
 * machine works on. Weights are integers in hundredths (1.5 is 150) so every threshold comparison
 * is exact integer arithmetic.
 */

export const DEBATE_PHASES = ['propose', 'critique', 'defend', 'vote'] as const
export type DebatePhase = (typeof DEBATE_PHASES)[number]

export const SEVERITIES = ['minor', 'major', 'blocking'] as const
export type Severity = (typeof SEVERITIES)[number]

/** A fraction compared exactly: `den * approving >= num * total`. */
export interface Threshold {
  num: number
  den: number
}

export interface DebateSettings {
  /** Rounds before the debate is escalated to the human (default 3). */
  maxRounds: number
  threshold: Threshold
  /** How long a participant has for one step before it is recorded absent (default 300). */
  roundTimeoutSeconds: number
  /** Whether authors may revise their proposal while defending it (default true). */
  allowModifications: boolean
}

export const DEFAULT_SETTINGS: DebateSettings = {
  maxRounds: 3,
  threshold: { num: 2, den: 3 },
  roundTimeoutSeconds: 300,
  allowModifications: true,
}

export interface DebateParticipant {
  alias: string
  /** Hundredths: 100 is a weight of 1.0. */
  weight: number
}

export interface Revision {
  round: number
  text: string
}

export interface Proposal {
  /** P1, P2, ... in the order of the participants. */
  id: string
  author: string
  text: string
  confidence: number | null
  /** Changes made while defending, oldest first; the original `text` is kept. */
  revisions: Revision[]
}

export interface Critique {
  /** `C<round>.<critic>.<n>`: unique without counting what others appended meanwhile. */
  id: string
  round: number
  critic: string
  target: string
  severity: Severity
  text: string
  /** The earlier critique this one keeps standing, if any. */
  keeps: string | null
}

export interface Defense {
  round: number
  author: string
  proposal: string
  addresses: string[]
  text: string
}

export interface Ballot {
  round: number
  voter: string
  approves: string[]
  /** Hundredths, as recorded when the ballot was cast. */
  weight: number
  justification: string
}

export interface Absence {
  round: number
  phase: DebatePhase
  participant: string
  reason: string
}

export type RoundResult =
  | { kind: 'consensus'; proposal: string }
  | { kind: 'none' }
  | { kind: 'runoff'; proposals: string[] }

export interface DebateRound {
  number: number
  /** The proposals debated in this round (round 1: all submitted). */
  candidates: string[]
  /** Critics that took part, including those with nothing to say. */
  critics: string[]
  critiques: Critique[]
  defenses: Defense[]
  ballots: Ballot[]
  absences: Absence[]
  result: RoundResult | null
}

export type DebateOutcome =
  | { kind: 'consensus'; proposal: string; round: number }
  | { kind: 'escalated'; rounds: number; reason: string }
  | { kind: 'accepted'; proposal: string; by: string }
  | { kind: 'rejected'; by: string }

export interface DebateState {
  title: string
  participants: DebateParticipant[]
  settings: DebateSettings
  proposals: Proposal[]
  rounds: DebateRound[]
  /** The last outcome recorded: an escalation may later be followed by a human's decision. */
  outcome: DebateOutcome | null
  /** Lines the reader could not make sense of (kept in the file, reported, never fatal). */
  problems: string[]
}

/** The proposal's text as it stands now: its latest revision, or the original. */
export function currentText(proposal: Proposal): string {
  return proposal.revisions.at(-1)?.text ?? proposal.text
}

export function isFinished(outcome: DebateOutcome | null): boolean {
  return outcome !== null && outcome.kind !== 'escalated'
}
