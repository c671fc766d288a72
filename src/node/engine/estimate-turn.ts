/**
 * `turn --estimate`: who would answer, each prompt's tokens, the answer's ceiling and the cost as
 * low / expected / high, from the same prompts the turn would send; no provider is called.
 */
import { estimateCall, sumEstimates, TOKEN_COUNTING } from '../../core/budget/estimate.js'
import type { CallEstimate, EstimateTotal } from '../../core/budget/estimate.js'
import { recordedUsage } from '../../core/budget/totals.js'
import type { ParsedDiscussion } from '../../core/format/model.js'
import { pricingFor } from './budget.js'
import type { EngineContext } from './engine-context.js'
import type { EngineTurnOptions } from './engine-types.js'
import { previewTurnIn } from './turns.js'

export interface RunEstimate {
  calls: CallEstimate[]
  total: EstimateTotal
  /** How tokens were counted. */
  counting: string
}

/**
 * The answer length to expect: the mean of the answers this discussion has recorded, else
 * `budget.expected_answer_tokens`.
 */
export function expectedAnswerTokens(engine: EngineContext, parsed: ParsedDiscussion): number {
  const outputs = recordedUsage(parsed).map((item) => item.usage.outputTokens)
  if (outputs.length === 0) return engine.config.budget.expected_answer_tokens
  return Math.round(outputs.reduce((a, b) => a + b, 0) / outputs.length)
}

export async function estimateTurnIn(
  engine: EngineContext,
  path: string,
  options: Pick<EngineTurnOptions, 'participants' | 'callout' | 'provider'> = {},
): Promise<RunEstimate> {
  const { provider, ...turn } = options
  const [preview, loaded, providers, personas] = await Promise.all([
    previewTurnIn(engine, path, turn),
    engine.load(path),
    engine.providers(),
    engine.personas(),
  ])
  const pricing = pricingFor(engine, providers, provider ?? null)
  const expected = expectedAnswerTokens(engine, loaded.parsed)
  const calls = preview.prompts.flatMap((item) => {
    const persona = personas.get(item.participant)?.persona
    if (!persona || item.prompt === null) return []
    return [estimateCall(item.participant, item.prompt, pricing(persona), expected)]
  })
  return { calls, total: sumEstimates(calls), counting: TOKEN_COUNTING }
}
