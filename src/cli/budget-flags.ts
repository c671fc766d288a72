/**
 * The budget flags `turn`, `council` and `debate` share: `--estimate`, `--max-cost USD` and
 * `--max-total-tokens N` (named apart from the per-answer `max_tokens` of providers.yaml).
 */
import { InvalidArgumentError } from '@commander-js/extra-typings'

export function parseDollars(value: string): number {
  const number = Number(value.trim().replace(/^\$/, ''))
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError(`"${value}" is not an amount in USD (for example 0.50).`)
  return number
}

export function parseTokenCap(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError(
      `"${value}" is not a whole number of tokens (for example 20000).`,
    )
  return number
}

export const BUDGET_HELP = {
  estimate:
    'print what it would cost (tokens, answer ceiling, cost low/expected/high); call nobody',
  maxCost: 'stop before spending more than this many USD (exit 3)',
  maxTotalTokens: 'stop before using more than this many tokens, in and out (exit 3)',
} as const

/** The caps a command was given, as the engine takes them. */
export function capsFrom(options: { maxCost?: number; maxTotalTokens?: number }): {
  maxCostUsd?: number
  maxTotalTokens?: number
} {
  return {
    ...(options.maxCost !== undefined ? { maxCostUsd: options.maxCost } : {}),
    ...(options.maxTotalTokens !== undefined ? { maxTotalTokens: options.maxTotalTokens } : {}),
  }
}
