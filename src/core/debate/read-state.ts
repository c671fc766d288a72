/**
 * Reads a debate back from its discussion file: the header's participants, weights and settings,
 * then every marker in order. This is how a debate resumes after a crash: the state machine keeps
 * nothing in memory that the file does not hold.
 */
import { headerValue, splitList } from '../format/headers.js'
import type { ParsedDiscussion } from '../format/model.js'
import type {
  DebateOutcome,
  DebateParticipant,
  DebateRound,
  DebateState,
  Proposal,
} from './model.js'
import { parse, sectionsOf } from './markers.js'
import type { MarkedSection } from './markers.js'
import { parseResult } from './result-markers.js'
import { parseSettings } from './settings-header.js'
import { parseWeights, WEIGHT_GENERAL } from './weights.js'

function emptyRound(number: number, candidates: string[]): DebateRound {
  return {
    number,
    candidates,
    critics: [],
    critiques: [],
    defenses: [],
    ballots: [],
    absences: [],
    result: null,
  }
}

/** Who debates in the next round: the run-off's proposals, else the same as before. */
export function candidatesAfter(
  previous: DebateRound | undefined,
  proposals: Proposal[],
): string[] {
  if (!previous) return proposals.map((proposal) => proposal.id)
  if (previous.result?.kind === 'runoff') return [...previous.result.proposals]
  return [...previous.candidates]
}

function readParticipants(parsed: ParsedDiscussion, problems: string[]): DebateParticipant[] {
  let weights: Record<string, number> = {}
  try {
    weights = parseWeights(headerValue(parsed, 'Weights') ?? '')
  } catch (error) {
    problems.push(`Weights header: ${error instanceof Error ? error.message : String(error)}`)
  }
  return splitList(headerValue(parsed, 'Participants')).map((alias) => ({
    alias,
    weight: weights[alias] ?? WEIGHT_GENERAL,
  }))
}

export function readDebate(parsed: ParsedDiscussion): DebateState {
  const problems: string[] = []
  const { settings, problems: settingProblems } = parseSettings(headerValue(parsed, 'Debate'))
  problems.push(...settingProblems)
  const state: DebateState = {
    title: headerValue(parsed, 'Title') ?? 'Untitled debate',
    participants: readParticipants(parsed, problems),
    settings,
    proposals: [],
    rounds: [],
    outcome: null,
    problems,
  }
  const roundNumbered = (number: number): DebateRound => {
    let round = state.rounds.find((r) => r.number === number)
    if (!round) {
      round = emptyRound(number, candidatesAfter(state.rounds.at(-1), state.proposals))
      state.rounds.push(round)
    }
    return round
  }
  for (const comment of parsed.comments) {
    for (const section of sectionsOf(comment.body)) {
      if (!apply(state, section, roundNumbered))
        problems.push(`line ${comment.line}: unreadable ${section.word}: ${section.head}`)
    }
  }
  // Appends arrive in the order participants finish; the record reads in proposal order.
  const order = (id: string): number => Number(/\d+/.exec(id)?.[0] ?? 0)
  state.proposals.sort((a, b) => order(a.id) - order(b.id))
  for (const round of state.rounds) round.candidates.sort((a, b) => order(a) - order(b))
  return state
}

function apply(
  state: DebateState,
  section: MarkedSection,
  roundNumbered: (number: number) => DebateRound,
): boolean {
  const { head, text } = section
  switch (section.word) {
    case 'ROUND': {
      const r = parse.round(head)
      if (r) roundNumbered(r.round)
      return r !== null
    }
    case 'PROPOSAL': {
      const p = parse.proposal(head)
      if (!p) return false
      // A step repeated after a crash may have written twice: the first one stands.
      if (state.proposals.some((proposal) => proposal.id === p.id)) return true
      state.proposals.push({ ...p, text, revisions: [] })
      // Round 1 debates every proposal; later rounds start from its candidates.
      const first = roundNumbered(1)
      if (!first.candidates.includes(p.id)) first.candidates.push(p.id)
      return true
    }
    case 'CRITIQUE': {
      const c = parse.critique(head)
      if (!c) return false
      const round = roundNumbered(c.round)
      if (!round.critics.includes(c.critic)) round.critics.push(c.critic)
      if (!c.none && !round.critiques.some((critique) => critique.id === c.id))
        round.critiques.push({
          id: c.id,
          round: c.round,
          critic: c.critic,
          target: c.target,
          severity: c.severity,
          text,
          keeps: c.keeps,
        })
      return true
    }
    case 'DEFENSE': {
      const d = parse.defense(head)
      if (!d) return false
      const round = roundNumbered(d.round)
      if (!round.defenses.some((defense) => defense.proposal === d.proposal))
        round.defenses.push({ ...d, text })
      return true
    }
    case 'REVISION': {
      const r = parse.revision(head)
      const proposal = r && state.proposals.find((p) => p.id === r.proposal)
      if (!r || !proposal) return false
      if (!proposal.revisions.some((revision) => revision.round === r.round))
        proposal.revisions.push({ round: r.round, text })
      return true
    }
    case 'BALLOT': {
      const b = parse.ballot(head)
      if (!b) return false
      const round = roundNumbered(b.round)
      if (!round.ballots.some((ballot) => ballot.voter === b.voter))
        round.ballots.push({ ...b, justification: text })
      return true
    }
    case 'ABSENT': {
      const a = parse.absent(head)
      if (!a) return false
      roundNumbered(a.round).absences.push(a)
      return true
    }
    case 'RESULT': {
      const r = parseResult(head)
      if (!r) return false
      if (r.kind === 'round') {
        roundNumbered(r.round).result = r.result
        if (r.result.kind === 'consensus')
          setOutcome(state, { kind: 'consensus', proposal: r.result.proposal, round: r.round })
      } else setOutcome(state, r.outcome)
      return true
    }
  }
}

function setOutcome(state: DebateState, outcome: DebateOutcome): void {
  state.outcome = outcome
}
