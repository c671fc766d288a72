/**
 * Voting weights: per participant, in hundredths so sums and comparisons stay exact. Defaults
 * follow the seed by role: 1.0 general, 1.5 domain expert, 2.0 architect. Weights are never
 * negative; a weight of 0 is allowed (the participant debates but its approval counts nothing).
 */
import { DiscussionError } from '../errors.js'

export const WEIGHT_GENERAL = 100
export const WEIGHT_EXPERT = 150
export const WEIGHT_ARCHITECT = 200

const ARCHITECT = /architect/i
const EXPERT = /security|expert|specialist|performance|research|database|legal|compliance/i

/** The seed's recommended weight for a persona, read from its alias and role. */
export function defaultWeight(alias: string, role: string): number {
  if (ARCHITECT.test(alias) || ARCHITECT.test(role)) return WEIGHT_ARCHITECT
  if (EXPERT.test(alias) || EXPERT.test(role)) return WEIGHT_EXPERT
  return WEIGHT_GENERAL
}

const WEIGHT = /^\d+(?:\.\d{1,2})?$/

/** `1.5` -> 150. Two decimals at most, never negative. */
export function parseWeight(text: string): number {
  const value = text.trim()
  if (!WEIGHT.test(value))
    throw new DiscussionError(
      `"${text}" is not a weight: use a number of 0 or more with at most two decimals (1, 1.5, 2).`,
    )
  const [whole = '0', fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** 150 -> `1.5`. */
export function formatWeight(hundredths: number): string {
  const whole = Math.floor(hundredths / 100)
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return fraction === '' ? String(whole) : `${whole}.${fraction}`
}

/** `architect=2, security=1.5` -> {architect: 200, security: 150}. */
export function parseWeights(text: string): Record<string, number> {
  const weights: Record<string, number> = {}
  for (const item of text.split(/[,\s]+/).filter((part) => part !== '')) {
    const match = /^@?([a-z][a-z0-9_-]*)[=:](.+)$/i.exec(item)
    if (!match)
      throw new DiscussionError(
        `"${item}" is not a weight; write alias=weight (for example architect=2,security=1.5).`,
      )
    weights[(match[1] ?? '').toLowerCase()] = parseWeight(match[2] ?? '')
  }
  return weights
}

export function formatWeights(participants: readonly { alias: string; weight: number }[]): string {
  return participants.map((p) => `${p.alias}=${formatWeight(p.weight)}`).join(', ')
}
