/**
 * The decision of a debate: its proposals are the options, its outcome the status (consensus or
 * a human's acceptance: accepted; a human's rejection: rejected; escalated or running: proposed),
 * the last voted round's tally the vote, and the critiques the chosen proposal still faces the
 * bad consequences. Read from the debate's own reader, as `debate status` reads it.
 */
import type { ParsedDiscussion } from '../format/model.js'
import { currentText } from '../debate/model.js'
import type { DebateState, Proposal } from '../debate/model.js'
import { readDebate } from '../debate/read-state.js'
import { summarizeDebate } from '../debate/summary.js'
import { tallyRound } from '../debate/tally.js'
import type { RoundTally } from '../debate/tally.js'
import { formatThreshold } from '../debate/threshold.js'
import { formatWeight } from '../debate/weights.js'
import type {
  ConsideredOption,
  DecisionItem,
  DecisionOutcome,
  DecisionStatus,
  Dissent,
} from './decision-record.js'
import { oneLine, shortLine } from './markdown-text.js'

const optionOf = (proposal: Proposal): ConsideredOption => {
  const text = currentText(proposal)
  const first = text.split(/\n\s*\n/).find((part) => part.trim() !== '') ?? proposal.id
  return {
    title: `${proposal.id}: ${shortLine(first, 110)}`,
    detail: text.trim(),
    author: `@${proposal.author}`,
    line: null,
  }
}

/** The tally of the last round that was voted on, if any. */
function lastTally(state: DebateState): RoundTally | null {
  const voted = state.rounds.filter((round) => round.ballots.length > 0).at(-1)
  return voted ? tallyRound(state, voted) : null
}

function tallyLines(state: DebateState, tally: RoundTally | null): string[] {
  if (!tally) return []
  const threshold = formatThreshold(state.settings.threshold)
  return [
    `Round ${tally.round}: total voting weight ${formatWeight(tally.total)}, a proposal passes with ${threshold} of it.`,
    ...tally.proposals.map((p) => {
      const approvers =
        p.approvers.length > 0 ? p.approvers.map((a) => `@${a}`).join(', ') : 'nobody'
      const blocked =
        p.blockedBy.length > 0 ? `; out of the vote: unaddressed ${p.blockedBy.join(', ')}` : ''
      return `${p.proposal}: ${formatWeight(p.approving)} of ${formatWeight(tally.total)}, approved by ${approvers}${blocked}${p.passes ? ' (passes)' : ''}.`
    }),
  ]
}

/** The proposal with the most approving weight in the last voted round, if any was voted on. */
function leading(state: DebateState, tally: RoundTally | null): Proposal | undefined {
  const best = [...(tally?.proposals ?? [])].sort((a, b) => b.approving - a.approving)[0]
  return state.proposals.find((p) => p.id === best?.proposal)
}

export function debateDecision(parsed: ParsedDiscussion, title: string): DecisionOutcome {
  const state = readDebate(parsed)
  const tally = lastTally(state)
  const outcome = state.outcome
  const options = state.proposals.map(optionOf)
  const threshold = formatThreshold(state.settings.threshold)
  let status: DecisionStatus = 'proposed'
  let chosenProposal: Proposal | undefined
  let because: string
  const deciders: string[] = []
  if (outcome?.kind === 'consensus') {
    status = 'accepted'
    chosenProposal = state.proposals.find((p) => p.id === outcome.proposal)
    const passed = tally?.proposals.find((p) => p.proposal === outcome.proposal)
    const weight = passed
      ? `${formatWeight(passed.approving)} of ${formatWeight(tally?.total ?? 0)}`
      : 'enough'
    because = `it passed round ${outcome.round} with ${weight} of the voting weight (threshold ${threshold})`
  } else if (outcome?.kind === 'accepted') {
    status = 'accepted'
    chosenProposal = state.proposals.find((p) => p.id === outcome.proposal)
    deciders.push(outcome.by)
    because = `${outcome.by} accepted it after the debate was escalated`
  } else if (outcome?.kind === 'rejected') {
    status = 'rejected'
    deciders.push(outcome.by)
    because = `${outcome.by} rejected every proposal after the debate was escalated`
  } else {
    chosenProposal = leading(state, tally) ?? state.proposals[0]
    because =
      outcome?.kind === 'escalated'
        ? `it led the last vote, but no proposal reached ${threshold} of the voting weight (${oneLine(outcome.reason)})`
        : `it is a proposal of a debate that has not finished`
  }
  const chosen: ConsideredOption = chosenProposal
    ? optionOf(chosenProposal)
    : { title, detail: null, author: null, line: null }

  const bad: DecisionItem[] = []
  if (chosenProposal) {
    const id = chosenProposal.id
    const critiqued = state.rounds.filter((r) => r.critiques.some((c) => c.target === id)).at(-1)
    for (const critique of critiqued?.critiques.filter((c) => c.target === id) ?? [])
      bad.push({
        text: `${critique.severity} critique: ${oneLine(critique.text)}`,
        author: `@${critique.critic}`,
        line: null,
      })
  }
  const lastBallots = state.rounds.filter((round) => round.ballots.length > 0).at(-1)?.ballots ?? []
  const dissent: Dissent[] = lastBallots
    .filter((ballot) =>
      chosenProposal ? !ballot.approves.includes(chosenProposal.id) : ballot.approves.length > 0,
    )
    .filter((ballot) => ballot.voter !== chosenProposal?.author)
    .map((ballot) => ({
      name: `@${ballot.voter}`,
      position:
        ballot.approves.length > 0 ? `approved ${ballot.approves.join(', ')}` : 'approved none',
      reason: shortLine(ballot.justification, 200),
    }))
  const standing = summarizeDebate(state).standing
  return {
    status,
    verdict: `${standing.charAt(0).toUpperCase()}${standing.slice(1)}.`,
    options: options.length > 0 ? options : [chosen],
    chosen,
    because,
    tally: tallyLines(state, tally),
    bad,
    dissent,
    deciders,
  }
}
