/**
 * `debate run --estimate`: every call the debate may make from where it stands, each prompt
 * rendered as the run would render it, with the proposals it quotes stood in by answers of the
 * expected length (they do not exist yet). Expected and low count the calls of the next round
 * with no defense (a debate that agrees at once); high counts every round up to `max_rounds` and
 * every defense, each answer at its ceiling. No provider is called.
 */
import { estimateCall, sumEstimates, TOKEN_COUNTING } from '../../core/budget/estimate.js'
import type { CallEstimate } from '../../core/budget/estimate.js'
import type { DebateState } from '../../core/debate/model.js'
import { phasesOf } from '../../core/debate/next-step.js'
import { debatePrompt } from '../../core/debate/prompts.js'
import { emptyRound, readDebate } from '../../core/debate/read-state.js'
import type { ParsedDiscussion } from '../../core/format/model.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { debateContext } from '../../core/debate/run-debate.js'
import { pricingFor } from './budget.js'
import { loadDebate, newDebateText } from './debate.js'
import type { NewDebate } from './debate.js'
import type { EngineContext } from './engine-context.js'
import type { RunEstimate } from './estimate-turn.js'
import { expectedAnswerTokens } from './estimate-turn.js'

/** About four characters a token: a stand-in answer of `tokens` tokens. */
function standInAnswer(tokens: number): string {
  return 'word '.repeat(Math.ceil((tokens * 4) / 5))
}

/** The state a round's prompts see: every participant's proposal, real or stood in. */
function withProposals(state: DebateState, text: string): DebateState {
  const proposals = state.participants.map(
    (participant, index) =>
      state.proposals.find((proposal) => proposal.author === participant.alias) ?? {
        id: `P${index + 1}`,
        author: participant.alias,
        text,
        confidence: 0.8,
        revisions: [],
      },
  )
  return { ...state, proposals }
}

export async function estimateDebateIn(
  engine: EngineContext,
  file: string,
  options: { provider?: string } = {},
): Promise<RunEstimate> {
  const { state, parsed } = await loadDebate(engine, file)
  return estimateDebateState(engine, state, parsed, options)
}

/**
 * A debate not written yet, as `createDebate` would write it (the app's dialog, before Start);
 * refuses what creating it would refuse.
 */
export async function estimateNewDebateIn(
  engine: EngineContext,
  request: NewDebate,
  options: { provider?: string } = {},
): Promise<RunEstimate> {
  const parsed = parseDiscussion(await newDebateText(engine, request))
  return estimateDebateState(engine, readDebate(parsed), parsed, options)
}

async function estimateDebateState(
  engine: EngineContext,
  state: DebateState,
  parsed: ParsedDiscussion,
  options: { provider?: string },
): Promise<RunEstimate> {
  const [personas, loaded] = await Promise.all([engine.personas(), engine.providers()])
  const pricing = pricingFor(engine, loaded, options.provider ?? null)
  const expected = expectedAnswerTokens(engine, parsed)
  const answer = standInAnswer(expected)
  const quoted = withProposals(state, answer)
  const context = debateContext(parsed)
  const first = (state.rounds.at(-1)?.number ?? 0) + 1
  const calls: CallEstimate[] = []
  for (let number = first; number <= state.settings.maxRounds; number++) {
    const round = emptyRound(
      number,
      quoted.proposals.map((proposal) => proposal.id),
    )
    for (const phase of phasesOf(number)) {
      const prompted = phase === 'propose' ? { ...state, proposals: [] } : quoted
      for (const participant of state.participants) {
        const persona = personas.get(participant.alias)?.persona
        if (!persona) continue
        const prompt = `${persona.personality}${debatePrompt({
          state: prompted,
          round: phase === 'propose' ? emptyRound(number, []) : round,
          phase,
          persona: { alias: participant.alias, name: persona.name, role: persona.role },
          context,
        })}`
        const call = estimateCall(
          `round ${number} ${phase} @${participant.alias}`,
          prompt,
          pricing(persona),
          expected,
        )
        calls.push(number === first && phase !== 'defend' ? call : { ...call, likely: false })
      }
    }
  }
  return { calls, total: sumEstimates(calls), counting: TOKEN_COUNTING }
}
