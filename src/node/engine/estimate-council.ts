/**
 * `council --estimate`: every planned call's prompt, rendered as the run would render it, with the
 * answers it quotes stood in by answers of the expected length (they do not exist yet); each
 * priced by the provider its tier gives it. No file is written and no provider is called. A
 * council that stopped is estimated from where it stands: only the calls left.
 */
import { estimateCall, sumEstimates, TOKEN_COUNTING } from '../../core/budget/estimate.js'
import { materialFor } from '../../core/council/material.js'
import { readCouncilSettings } from '../../core/council/council-file.js'
import { describeCouncil } from '../../core/council/describe.js'
import { resolveCouncilOptions } from '../../core/council/modes.js'
import type { CouncilOptions } from '../../core/council/modes.js'
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
  const council = {
    options: resolveCouncilOptions(request),
    question: request.question,
    provider: request.provider ?? null,
  }
  return estimateCouncilCalls(engine, council, new Map())
}

/**
 * `council resume --estimate`: only the calls the file does not hold yet, their prompts quoting
 * the answers it holds (stand-ins for the rest). Calls nobody.
 */
export async function estimateCouncilResumeIn(
  engine: EngineContext,
  file: string,
): Promise<RunEstimate> {
  const loaded = await engine.load(file)
  const settings = readCouncilSettings(loaded.parsed, file)
  const done = new Map(
    describeCouncil(loaded.parsed, file).calls.flatMap((call) =>
      call.answered ? [[call.label, call.answer ?? ''] as const] : [],
    ),
  )
  return estimateCouncilCalls(engine, settings, done)
}

async function estimateCouncilCalls(
  engine: EngineContext,
  council: { options: CouncilOptions; question: string; provider: string | null },
  /** The answers the file holds already, by call label: those calls are not estimated. */
  done: ReadonlyMap<string, string>,
): Promise<RunEstimate> {
  const { options } = council
  const assets = await loadCouncilAssets(registryDirs(engine.projectRoot, engine.env), options.mode)
  const loaded = await engine.providers()
  const caller = councilCaller(loaded, engine.config.council, {
    tier: options.tier,
    explicit: council.provider,
    persona: (call) => assets.persona(call.role),
  })
  const expected = engine.config.budget.expected_answer_tokens
  const steps = planCouncil(options)
  const answer = standInAnswer(expected)
  const answers = new Map(steps.flat().map((call) => [call.label, done.get(call.label) ?? answer]))
  const calls = steps
    .flat()
    .filter((call) => !done.has(call.label))
    .map((call) => {
      const persona = assets.persona(call.role)
      // The referee reads a peer ranking only when the council ranks.
      const ranking = options.rank ? answer : null
      const state = { options, question: council.question, answers, ranking }
      const material = materialFor(call, state, persona.personality)
      const prompt = renderPrompt(assets.template(promptNameFor(call)), material.values)
      const pricing = pricingOfProvider(engine, loaded, caller.providerFor(call))
      return estimateCall(call.label, prompt, pricing, expected)
    })
  return { calls, total: sumEstimates(calls), counting: TOKEN_COUNTING }
}
