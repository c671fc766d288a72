/**
 * What each participant is asked at each step: the topic, the proposals as they stand with this
 * round's critiques and defenses, the task, and the JSON to answer with. The closing lines
 * (`DEBATE-STEP: ...`) restate the essentials in a fixed form, which scripted participants and
 * the demo provider read.
 */
import { currentText } from './model.js'
import type { DebatePhase, DebateRound, DebateState } from './model.js'
import { formatThreshold } from './threshold.js'
import { unaddressedBlocking } from './tally.js'
import { formatWeight } from './weights.js'

export interface PromptPersona {
  alias: string
  name: string
  role: string
}

const TASKS: Record<DebatePhase, string[]> = {
  propose: [
    'Propose one solution to the topic: concrete enough to implement, in a few paragraphs.',
    'Say how confident you are that it is right, from 0 to 1.',
    'Answer with only this JSON: {"proposal": "<markdown>", "confidence": 0.8}',
  ],
  critique: [
    "Critique the other participants' proposals in play (never your own). For each problem you",
    'see, name the proposal and a severity:',
    '- blocking: a security or architecture violation, or a solution that cannot work;',
    '- major: a significant concern, such as performance or missing cases;',
    '- minor: a suggestion or a matter of style.',
    'A blocking critique keeps a proposal out of the vote until its author addresses it. If a',
    'blocking critique you made in an earlier round still stands, raise it again and name it in',
    '"keeps". An empty list is a fine answer when you have no objection.',
    'Answer with only this JSON: {"critiques": [{"target": "P2", "severity": "major", "text": "...", "keeps": null}]}',
  ],
  defend: [
    'Answer the critiques of your proposal. List the critiques your answer addresses (a blocking',
    'critique you do not address keeps your proposal out of the vote).',
    'You may revise your proposal: give the whole revised text in "modified" (the original is',
    'kept and the change shown), or null to keep it as it is.',
    'Answer with only this JSON: {"addresses": ["C1.security.1"], "response": "...", "modified": null}',
  ],
  vote: [
    'Approve every proposal in play you would accept as the decision (any number, never your',
    'own), and justify your choice in a sentence or two. Proposals still blocked cannot pass.',
    'Answer with only this JSON: {"approves": ["P1"], "justification": "..."}',
  ],
}

function proposalSection(state: DebateState, round: DebateRound, id: string): string[] {
  const proposal = state.proposals.find((p) => p.id === id)
  if (!proposal) return []
  const confidence = proposal.confidence === null ? '' : `, confidence ${proposal.confidence}`
  const revised = proposal.revisions.at(-1)
  const lines = [
    `### ${id} by @${proposal.author}${confidence}${revised ? ` (revised in round ${revised.round})` : ''}`,
    '',
    currentText(proposal),
  ]
  const critiques = round.critiques.filter((c) => c.target === id)
  if (critiques.length > 0) {
    lines.push('', `Critiques in round ${round.number}:`)
    for (const c of critiques) lines.push(`- ${c.id} (${c.severity}) by @${c.critic}: ${c.text}`)
  }
  const defense = round.defenses.find((d) => d.proposal === id)
  if (defense) {
    lines.push(
      '',
      `Defense (addresses ${defense.addresses.join(', ') || 'nothing'}): ${defense.text}`,
    )
  }
  const blocked = unaddressedBlocking(round, id)
  if (defense && blocked.length > 0) lines.push('', `Blocked by ${blocked.join(', ')}.`)
  return [...lines, '']
}

export function debatePrompt(input: {
  state: DebateState
  round: DebateRound
  phase: DebatePhase
  persona: PromptPersona
  context: string
}): string {
  const { state, round, phase, persona } = input
  const own = state.proposals.find((p) => p.author === persona.alias)
  const inPlay = phase === 'propose' ? [] : round.candidates
  const earlierBlocking = state.rounds
    .filter((r) => r.number < round.number)
    .flatMap((r) => r.critiques)
    .filter((c) => c.critic === persona.alias && c.severity === 'blocking')
  const lines = [
    `You are ${persona.name} (@${persona.alias}), ${persona.role}, in a structured debate:`,
    'proposals are made, critiqued, defended and voted on with weighted approval; a proposal',
    `passes with ${formatThreshold(state.settings.threshold)} of the total voting weight.`,
    `This is round ${round.number} of at most ${state.settings.maxRounds}, phase ${phase.toUpperCase()}.`,
    '',
    `# ${state.title}`,
    '',
    input.context.trim(),
    '',
  ]
  if (inPlay.length > 0) {
    lines.push('## Proposals in play', '')
    for (const id of inPlay) lines.push(...proposalSection(state, round, id))
  }
  if (phase === 'critique' && earlierBlocking.length > 0) {
    lines.push('## Your earlier blocking critiques', '')
    for (const c of earlierBlocking) lines.push(`- ${c.id} on ${c.target}: ${c.text}`)
    lines.push('')
  }
  lines.push(`## Your task: ${phase.toUpperCase()}`, '', ...TASKS[phase], '')
  const weights = state.participants
    .map((p) => {
      const proposal = state.proposals.find((q) => q.author === p.alias)
      return `${proposal ? proposal.id : '-'}@${p.alias}=${formatWeight(p.weight)}`
    })
    .join(', ')
  const critiquesOfOwn = own ? round.critiques.filter((c) => c.target === own.id) : []
  lines.push(
    `DEBATE-STEP: ${phase}`,
    `DEBATE-ROUND: ${round.number}`,
    `YOUR-PROPOSAL: ${own?.id ?? 'none'}`,
    `IN-PLAY: ${inPlay.join(', ') || 'none'}`,
    `CRITIQUES-OF-YOURS: ${critiquesOfOwn.map((c) => `${c.id}:${c.severity}`).join(', ') || 'none'}`,
    `WEIGHTS: ${weights}`,
  )
  return lines.join('\n')
}
