/**
 * `council --estimate`: every planned call's prompt, rendered as the run would render it, with the
 * answers it quotes stood in by answers of the expected length (they do not exist yet); each
 * priced by the provider its tier gives it. No file is written and no provider is called.
 */
import { estimateCall, sumEstimates, TOKEN_COUNTING } from '../../core/budget/estimate.js'
import { materialFor } from '../../core/council/material.js'
import { resolveCouncilOptions } from '../../core/council/modes.js'
import { planCouncil } from '../../core/council/plan.js'
import { promptNameFor, renderPrompt } from '../../core/council/prompts.js'
import { registryDirs } from '../config/load-config.js'
import { loadCouncilAssets } from '../council/assets.js'
import { councilCaller } from '../council/council-providers.js'
import { pricingOfProvider } from './budget.js'
import type { NewCouncil } from './council.js'
import type { EngineContext } from './engine-context.js'
import type { RunEstimate } from './estimate-turn.js'

/** About four characters a token: a stand-in answer of `tokens` tokens. */
function standInAnswer(tokens: number): string {
  return 'word '.repeat(Math.ceil((tokens * 4) / 5))
}

export async function estimateCouncilIn(
  engine: EngineContext,
  request: NewCouncil,
): Promise<RunEstimate> {
  const options = resolveCouncilOptions(request)
  const assets = await loadCouncilAssets(registryDirs(engine.projectRoot, engine.env), options.mode)
  const loaded = await engine.providers()
  const caller = councilCaller(loaded, engine.config.council, {
    tier: options.tier,
    explicit: request.provider ?? null,
    persona: (call) => assets.persona(call.role),
  })
  const expected = engine.config.budget.expected_answer_tokens
  const steps = planCouncil(options)
  const answer = standInAnswer(expected)
  const answers = new Map(steps.flat().map((call) => [call.label, answer]))
  const calls = steps.flat().map((call) => {
    const persona = assets.persona(call.role)
    const state = { options, question: request.question, answers, ranking: answer }
    const material = materialFor(call, state, persona.personality)
    const prompt = renderPrompt(assets.template(promptNameFor(call)), material.values)
    const pricing = pricingOfProvider(engine, loaded, caller.providerFor(call))
    return estimateCall(call.label, prompt, pricing, expected)
  })
  return { calls, total: sumEstimates(calls), counting: TOKEN_COUNTING }
}
