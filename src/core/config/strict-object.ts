/**
 * Every file a person writes (personas, templates, settings) rejects keys it does not know:
 * a typo like `personalty:` would otherwise be dropped in silence and the persona would run
 * without its personality. The message names the key meant, or the keys there are.
 */
import * as z from 'zod'

import { didYouMean } from './did-you-mean.js'

/** `unknown key "personalty" (did you mean "personality"?)`, or the known keys when none is close. */
export function unknownKeysMessage(keys: readonly string[], known: readonly string[]): string {
  const described = keys.map((key) => {
    const meant = didYouMean(key, known)
    return meant ? `"${key}" (did you mean "${meant}"?)` : `"${key}"`
  })
  const list =
    described.length === 1
      ? described.join('')
      : `${described.slice(0, -1).join(', ')} and ${described.at(-1)}`
  const noun = keys.length === 1 ? 'key' : 'keys'
  const anySuggestion = described.some((text) => text.includes('did you mean'))
  return anySuggestion
    ? `unknown ${noun} ${list}`
    : `unknown ${noun} ${list} (known keys: ${known.join(', ')})`
}

/** `z.strictObject` whose unknown-key issue says which key was meant. */
export function strictObject<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
): z.ZodObject<Shape, z.core.$strict> {
  const known = Object.keys(shape)
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownKeysMessage(issue.keys, known) : undefined,
  })
}
