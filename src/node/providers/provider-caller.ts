/**
 * From loaded providers to calls: which chain a persona's call tries, and the function a turn
 * uses to make it (`TurnDeps.complete`).
 */
import { completeWithFallback, ProviderChainError } from '../../core/providers/fallback.js'
import type { ProviderRequest, ProviderResult } from '../../core/providers/port.js'
import { resolveChain } from '../../core/providers/resolve-chain.js'
import type { ResolvedChain } from '../../core/providers/resolve-chain.js'
import type { LoadedProviders } from './load-providers.js'

/** The chain for one call: `--provider` alone, else the persona's hint, the default, the fallback. */
export function chainFor(
  loaded: LoadedProviders,
  choice: { explicit?: string | null; personaHint?: string | null } = {},
): ResolvedChain {
  return resolveChain(
    {
      explicit: choice.explicit ?? null,
      personaHint: choice.personaHint ?? null,
      defaultName: loaded.defaultName,
      fallback: loaded.fallback,
    },
    loaded.available,
  )
}

/**
 * What a turn calls for each persona (`TurnDeps.complete`): the persona's chain, with fallback.
 * `explicit` is `--provider`. A chain with nothing in it (an unknown `--provider`) fails with the
 * names that were asked for and the ones there are.
 */
export function providerCaller(
  loaded: LoadedProviders,
  options: { explicit?: string | null; clock?: () => number } = {},
): (
  persona: { provider_hint: string | null },
  request: ProviderRequest,
) => Promise<ProviderResult> {
  const clock = options.clock ?? (() => performance.now())
  return (persona, request) => {
    const { chain, unknown } = chainFor(loaded, {
      explicit: options.explicit ?? null,
      personaHint: persona.provider_hint,
    })
    if (chain.length === 0) {
      const names = [...loaded.available.keys()].join(', ')
      const message = `no provider named "${unknown.join('", "')}" (configured: ${names})`
      return Promise.reject(new ProviderChainError('config', message, []))
    }
    return completeWithFallback(chain, request, clock)
  }
}
