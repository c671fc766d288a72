/** The usage an answer's line records, from what the provider chain returned. */
import type { ProviderResult } from '../providers/port.js'
import type { AnswerUsage, CutReason } from './usage-line.js'

export function answerUsage(result: ProviderResult, cut?: CutReason): AnswerUsage {
  return {
    provider: result.provider,
    model: result.model ?? null,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    estimated: result.usage.estimated,
    costUsd: result.costUsd,
    ...(cut ? { cut } : {}),
  }
}
