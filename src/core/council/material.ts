/**
 * What each call reads, following the seed's flows: who sees whose answers from which round, the
 * bridge packets crossing between D and P, and the anonymized responses of the ranking stage.
 * Pure: everything comes from the answers recorded in the file so far.
 */
import { parseBridgePacket, renderBridgePacket } from './bridge.js'
import type { CouncilOptions } from './modes.js'
import type { CouncilCall } from './plan.js'
import { labelFor } from './plan.js'
import { quoted, wordGuidance } from './prompts.js'
import { anonymize } from './ranking.js'
import { GROUP_ROLES, PERSONALITY_ADVISORS, otherGroup } from './roles.js'
import type { CouncilGroup, CouncilRole } from './roles.js'

export interface CouncilState {
  options: CouncilOptions
  question: string
  /** Answers recorded so far, by label. */
  answers: ReadonlyMap<string, string>
  /** The aggregate ranking in words, once there is one. */
  ranking: string | null
}

export interface CallMaterial {
  /** Placeholder values for the call's template. */
  values: Record<string, string>
  /** Ranking calls: which advisor each letter stands for (recorded, never shown to the ranker). */
  mapping?: Record<string, string>
}

function answerOf(state: CouncilState, role: CouncilRole, round: number | null): string | null {
  return state.answers.get(labelFor(role, round, state.options.rounds)) ?? null
}

function titled(role: CouncilRole, round: number, rounds: number): string {
  return rounds === 1 ? role.title : `${role.title}, round ${round}`
}

/** The advisors' answers of rounds `from..to`, in round order. */
function transcript(state: CouncilState, from: number, to: number, only?: CouncilRole[]): string {
  const parts: string[] = []
  for (let round = from; round <= to; round++) {
    for (const role of only ?? PERSONALITY_ADVISORS) {
      const answer = answerOf(state, role, round)
      if (answer !== null) parts.push(quoted(titled(role, round, state.options.rounds), answer))
    }
  }
  return parts.join('\n\n')
}

function section(heading: string, body: string): string {
  return body.trim() === '' ? '' : `## ${heading}\n\n${body}`
}

function advisorMaterial(call: CouncilCall, state: CouncilState): string {
  const round = call.round ?? 1
  const { flow, rounds } = state.options
  const others = PERSONALITY_ADVISORS.filter((role) => role.id !== call.role.id)
  if (flow === 'sequential') {
    const before = PERSONALITY_ADVISORS.slice(
      0,
      PERSONALITY_ADVISORS.findIndex((role) => role.id === call.role.id),
    )
    return [
      section('Earlier rounds', transcript(state, 1, round - 1)),
      section(
        rounds === 1 ? 'The advisors before you' : 'This round so far',
        transcript(state, round, round, before),
      ),
    ]
      .filter(Boolean)
      .join('\n\n')
  }
  if (call.stage === 'opening') return ''
  if (call.stage === 'rebuttal') {
    const own = answerOf(state, call.role, round - 1)
    return [
      section('Your previous position', own === null ? '' : quoted('Your position', own)),
      section('The other advisors, last round', transcript(state, round - 1, round - 1, others)),
    ]
      .filter(Boolean)
      .join('\n\n')
  }
  return section('The debate so far', transcript(state, 1, round - 1))
}

function shortlistOf(state: CouncilState, group: CouncilGroup, round: number): string | null {
  return answerOf(state, GROUP_ROLES[group].arbiter, round)
}

function bridgeFrom(state: CouncilState, group: CouncilGroup, round: number): string {
  const shortlist = shortlistOf(state, group, round)
  if (shortlist === null) return ''
  const name = group.toUpperCase()
  return quoted(
    `Bridge packet from group ${name}`,
    renderBridgePacket(parseBridgePacket(shortlist), name),
  )
}

function groupMaterial(call: CouncilCall, state: CouncilState): Record<string, string> {
  const group = call.role.group ?? 'd'
  const round = call.round ?? 1
  const other = otherGroup(group)
  const { rounds } = state.options
  const bridge =
    round > 1 ? section('From the other group', bridgeFrom(state, other, round - 1)) : ''
  const wantsBridge = call.stage === 'assessment' && rounds > 1 && round < rounds
  const bridgeInstructions = wantsBridge
    ? [
        'End with a section headed `## Bridge packet` for the other group, with four parts,',
        'each on its own line followed by bullets: `Shortlist:` (your top ideas, one line each),',
        '`Assumptions:` (what your shortlist takes for granted), `Risks:` (what could sink it) and',
        '`Asks:` (questions you want the other group to answer). Keep it under 200 words.',
      ].join('\n')
    : ''
  if (call.stage === 'ideation') {
    const previous = round > 1 ? shortlistOf(state, group, round - 1) : null
    return {
      material: [
        section(
          'Your group’s shortlist from the last round',
          previous === null ? '' : quoted('Shortlist', previous),
        ),
        bridge,
      ]
        .filter(Boolean)
        .join('\n\n'),
      bridge_instructions: '',
    }
  }
  const ideas = answerOf(state, GROUP_ROLES[group].free, round)
  return {
    material: [
      section(
        'Your group’s ideas',
        ideas === null ? '' : quoted(`Ideas of ${GROUP_ROLES[group].free.title}`, ideas),
      ),
      bridge,
    ]
      .filter(Boolean)
      .join('\n\n'),
    bridge_instructions: bridgeInstructions,
  }
}

function synthesisMaterial(call: CouncilCall, state: CouncilState): Record<string, string> {
  const { rounds, flow } = state.options
  const evolution =
    flow === 'debate' || rounds > 1
      ? 'Add a short "How positions moved" part: what changed between the rounds and why.'
      : ''
  if (call.role.kind === 'meta') {
    const lists = (['d', 'p'] as const)
      .map((group) => {
        const list = shortlistOf(state, group, rounds)
        return list === null ? '' : quoted(`Final shortlist of group ${group.toUpperCase()}`, list)
      })
      .filter(Boolean)
      .join('\n\n')
    return { material: section('The groups’ final shortlists', lists), evolution }
  }
  return {
    material: [
      section(rounds === 1 ? 'The advisors' : 'The full debate', transcript(state, 1, rounds)),
      section('Peer ranking', state.ranking ?? ''),
    ]
      .filter(Boolean)
      .join('\n\n'),
    evolution,
  }
}

function rankingMaterial(call: CouncilCall, state: CouncilState): CallMaterial {
  const finals = PERSONALITY_ADVISORS.map((role) => ({
    id: role.id,
    answer: answerOf(state, role, state.options.rounds) ?? '',
  }))
  const names = PERSONALITY_ADVISORS.flatMap((role) => [role.id, role.title])
  const { responses, mapping } = anonymize(call.role.id, finals, names)
  return {
    values: {
      material: responses
        .map((response) => quoted(`Response ${response.letter}`, response.text))
        .join('\n\n'),
      letters: responses.map((response) => response.letter).join(', '),
    },
    mapping,
  }
}

/** The placeholder values of one call's prompt. */
export function materialFor(call: CouncilCall, state: CouncilState, persona: string): CallMaterial {
  const base = {
    question: state.question.trim(),
    role: call.role.title,
    round: String(call.round ?? state.options.rounds),
    rounds: String(state.options.rounds),
    words: wordGuidance(call),
  }
  if (call.stage === 'ranking') {
    // The ranker's persona stays out: its own voice and name would tell it which answer is its own.
    const ranking = rankingMaterial(call, state)
    return { ...ranking, values: { ...base, ...ranking.values } }
  }
  const values: Record<string, string> = { ...base, persona: persona.trim() }
  if (call.stage === 'synthesis')
    return { values: { ...values, ...synthesisMaterial(call, state) } }
  if (call.role.kind === 'freethinker' || call.role.kind === 'arbiter')
    return { values: { ...values, ...groupMaterial(call, state) } }
  return { values: { ...values, material: advisorMaterial(call, state) } }
}
