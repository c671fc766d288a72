/**
 * The debate's settings and weights live in the file's header, so a debate carries its own rules:
 *
 *   <!-- Debate: max_rounds=3, threshold=2/3, round_timeout=300, modifications=on -->
 *   <!-- Weights: architect=2, security=1.5, pragmatist=1 -->
 */
import { DiscussionError } from '../errors.js'
import { DEFAULT_SETTINGS } from './model.js'
import type { DebateSettings } from './model.js'
import { formatThreshold, parseThreshold } from './threshold.js'

export function formatSettings(settings: DebateSettings): string {
  return [
    `max_rounds=${settings.maxRounds}`,
    `threshold=${formatThreshold(settings.threshold)}`,
    `round_timeout=${settings.roundTimeoutSeconds}`,
    `modifications=${settings.allowModifications ? 'on' : 'off'}`,
  ].join(', ')
}

/** Reads the header leniently: a value it cannot read keeps its default and is reported. */
export function parseSettings(text: string | null): {
  settings: DebateSettings
  problems: string[]
} {
  const settings = { ...DEFAULT_SETTINGS }
  const problems: string[] = []
  for (const item of (text ?? '').split(/\s*,\s*/).filter(Boolean)) {
    const [key = '', value = ''] = item.split('=').map((part) => part.trim())
    try {
      if (key === 'max_rounds') settings.maxRounds = positiveInteger(value)
      else if (key === 'threshold') settings.threshold = parseThreshold(value)
      else if (key === 'round_timeout') settings.roundTimeoutSeconds = positiveInteger(value)
      else if (key === 'modifications') settings.allowModifications = value !== 'off'
      else problems.push(`unknown debate setting "${key}"`)
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  return { settings, problems }
}

export function positiveInteger(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1)
    throw new DiscussionError(`"${value}" is not a whole number of at least 1.`)
  return number
}
