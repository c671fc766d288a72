/**
 * One `providers.yaml` entry as a Provider, by its kind's module. An entry that cannot run as
 * written (an unset `$VAR`, a refused flag) still becomes a provider, one that fails with the
 * reason, so it is listed with that reason and a fallback chain moves past it.
 */
import { kindOf } from './kinds/index.js'
import { withRedactedAnswers } from './redacted-answers.js'
import type { BuildContext, BuiltProvider, ProviderConfig } from './kinds/index.js'

export { failingProvider } from './kinds/failing-provider.js'
export type { BuildContext, BuiltProvider } from './kinds/index.js'

/** The variables that may hold an entry's key, in the order they are tried. */
export function keyVariables(config: ProviderConfig): string[] {
  return kindOf(config).keyVariables()
}

export function buildProvider(config: ProviderConfig, context: BuildContext): BuiltProvider {
  const built = kindOf(config).build(context)
  // Command providers redact as they read the program's output; every other kind is wrapped.
  if (config.type === 'command') return built
  return {
    ...built,
    provider: withRedactedAnswers(built.provider, keyVariables(config), context.env),
  }
}
