/**
 * Reads a debate back from its discussion file: the header's participants, weights and settings,
 * then every marker in order. This is how a debate resumes after a crash: the state machine keeps
 * nothing in memory that the file does not hold.
 *
 * A marker counts only from the author who may write it, in a block of the shape the engine
 * writes:
 * - the clerk (`Bot-Debate`) writes ROUND, ABSENT, a round's RESULT and the escalation;
 * - anyone else writes one block a step: a PROPOSAL; CRITIQUEs by one critic; a DEFENSE and the
 *   REVISION of the same proposal; a BALLOT; or, a person deciding, `RESULT: accepted P2 by <them>`
 *   or `RESULT: rejected by <them>` in their own block.
 * Any other marker line is text of the section before it, and `problems` says so.
 */
import type { DebateWord } from '../format/engine-lines.js'
import { headerValue, splitList } from '../format/headers.js'
import type { Comment, ParsedDiscussion } from '../format/model.js'
import { isHumanName } from '../voting/consensus.js'
import { CLERK } from './ports.js'
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

export function emptyRound(number: number, candidates: string[]): DebateRound {
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
    const block = blockRules(comment)
    const refused = (word: DebateWord): void => {
      problems.push(
        `line ${comment.line}: a ${word} line in the block of ${comment.author} does not count (${block.clerk ? `${CLERK} writes only ROUND, ABSENT and RESULT lines` : 'only one step a block, as the debate writes it'})`,
      )
    }
    for (const section of sectionsOf(comment.body, block.accepts, refused)) {
      const verdict = block.allows(section)
      if (verdict !== true) problems.push(`line ${comment.line}: ${verdict}`)
      else if (!apply(state, section, roundNumbered))
        problems.push(`line ${comment.line}: unreadable ${section.word}: ${section.head}`)
    }
  }
  // Appends arrive in the order participants finish; the record reads in proposal order.
  const order = (id: string): number => Number(/\d+/.exec(id)?.[0] ?? 0)
  state.proposals.sort((a, b) => order(a.id) - order(b.id))
  for (const round of state.rounds) round.candidates.sort((a, b) => order(a) - order(b))
  return state
}

/** The clerk's words; the rest of the debate's are a participant's (or a deciding person's). */
const CLERK_WORDS: readonly DebateWord[] = ['ROUND', 'ABSENT', 'RESULT']

/** A participant's block opens with one of these, and may go on only with the words listed. */
const STEP_BLOCKS: Partial<Record<DebateWord, readonly DebateWord[]>> = {
  PROPOSAL: [],
  CRITIQUE: ['CRITIQUE'],
  DEFENSE: ['REVISION'],
  BALLOT: [],
  RESULT: [],
}

interface BlockRules {
  clerk: boolean
  /** Whether a marker line opens a section here (else it is text of the section before). */
  accepts: (word: DebateWord, first: DebateWord | null) => boolean
  /** True, or why a section that has the block's shape still does not count. */
  allows: (section: MarkedSection) => true | string
}

function blockRules(comment: Comment): BlockRules {
  const clerk = comment.author === CLERK
  let critic: string | null = null
  let defended: string | null = null
  return {
    clerk,
    accepts: (word, first) =>
      clerk
        ? CLERK_WORDS.includes(word)
        : first === null
          ? word in STEP_BLOCKS
          : (STEP_BLOCKS[first] ?? []).includes(word),
    allows: (section) => {
      const { word, head } = section
      if (word === 'RESULT') {
        const result = parseResult(head)
        if (!result) return true // reported as unreadable by `apply`
        const decision =
          result.kind === 'outcome' && ['accepted', 'rejected'].includes(result.outcome.kind)
        if (clerk) return decision ? `a decision is a person's, not ${CLERK}'s: ${head}` : true
        if (!decision)
          return `a RESULT by ${comment.author} does not count; only ${CLERK} records rounds`
        const by = result.kind === 'outcome' && 'by' in result.outcome ? result.outcome.by : ''
        if (by !== comment.author || !isHumanName(by))
          return `a decision "${head}" counts only in the deciding person's own block, not in the block of ${comment.author}`
        return true
      }
      if (word === 'CRITIQUE') {
        const c = parse.critique(head)
        if (!c) return true
        critic ??= c.critic
        return c.critic === critic ? true : `a critique by @${c.critic} in the block of @${critic}`
      }
      if (word === 'DEFENSE') defended = parse.defense(head)?.proposal ?? null
      if (word === 'REVISION') {
        const r = parse.revision(head)
        if (r && r.proposal !== defended)
          return `a revision of ${r.proposal} in the defense of ${defended ?? 'nothing'}`
      }
      return true
    },
  }
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
