import { ProviderError } from '../../../core/providers/port.js'
import type { Provider, ProviderFailure } from '../../../core/providers/port.js'

/**
 * A provider that always fails with `message`: an entry that cannot run as written (an unset
 * `$VAR`, a refused flag, an untrusted project's) is still listed with its reason, and a fallback
 * chain moves past it.
 */
export function failingProvider(
  name: string,
  kind: string,
  reason: ProviderFailure,
  message: string,
): Provider {
  return {
    name,
    kind,
    complete: () => Promise.reject(new ProviderError(reason, message)),
  }
}
