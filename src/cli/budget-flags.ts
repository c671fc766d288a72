/**
 * The budget flags `turn`, `council` and `debate` share: `--estimate`, `--max-cost USD` and
 * `--max-total-tokens N` (named apart from the per-answer `max_tokens` of providers.yaml).
 */
import { InvalidArgumentError } from '@commander-js/extra-typings'

import { readDollars, readTokenCap } from '../core/budget/cap-input.js'
import type { CapReading } from '../core/budget/cap-input.js'

function orThrow(reading: CapReading): number {
  if ('problem' in reading) throw new InvalidArgumentError(reading.problem)
  return reading.value
}

export function parseDollars(value: string): number {
  return orThrow(readDollars(value))
}

export function parseTokenCap(value: string): number {
  return orThrow(readTokenCap(value))
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
