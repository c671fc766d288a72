/**
 * The one refusal of a provider name nobody configured (`--provider olama`), shared by
 * `providers test`, turns, councils and debates: refused before any call, with the name meant.
 */
import { didYouMean } from '../config/did-you-mean.js'
import { DiscussionError } from '../errors.js'

/** The error for `name` when it is not among `configured`; null when it is. */
export function unknownProviderError(
  name: string,
  configured: Iterable<string>,
): DiscussionError | null {
  const names = [...configured]
  if (names.includes(name)) return null
  const meant = didYouMean(name, names)
  const hint = meant === null ? '' : ` (did you mean "${meant}"?)`
  return new DiscussionError(
    `No provider named "${name}"${hint}; configured: ${names.join(', ')}. \`discussions providers list\` shows them.`,
  )
}

/** Throws `unknownProviderError` unless `name` is absent or one of `available`'s keys. */
export function requireKnownProvider(
  name: string | null | undefined,
  available: { keys(): Iterable<string> },
): void {
  if (name === null || name === undefined) return
  const error = unknownProviderError(name, available.keys())
  if (error) throw error
}
