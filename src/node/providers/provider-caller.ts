/**
 * From loaded providers to calls: which chain a persona's call tries, and the function a turn
 * uses to make it (`TurnDeps.complete`).
 */
import { completeWithFallback, ProviderChainError } from '../../core/providers/fallback.js'
import type { ProviderRequest, ProviderResult } from '../../core/providers/port.js'
import { resolveChain } from '../../core/providers/resolve-chain.js'
import type { ResolvedChain } from '../../core/providers/resolve-chain.js'
import { ConfigError } from '../config/config-error.js'
import { monotonicMs } from '../host.js'
import type { LoadedProviders } from './load-providers.js'

/**
 * Why calls refuse to go to the demo provider: a providers.yaml that could not be read is a
 * mistake to fix, not a wish for canned answers. Null when every providers file read cleanly.
 */
export function brokenProvidersFile(loaded: LoadedProviders): ConfigError | null {
  const [first] = loaded.fileProblems
  if (first === undefined) return null
  const others = loaded.fileProblems.length - 1 + first.more.length
  const more = others > 0 ? ` (and ${others} more problem${others === 1 ? '' : 's'})` : ''
  return new ConfigError(
    `${first.reason}${more}. Fix the file (\`discussions providers list\` shows every problem); the demo provider does not answer in place of a broken providers.yaml`,
    { file: first.file ?? loaded.userFile, ...(first.line !== null ? { line: first.line } : {}) },
  )
}

/** Whether any provider besides the built-in demo can be called (configured, trusted, in force). */
function hasRealProvider(loaded: LoadedProviders): boolean {
  return loaded.entries.some(
    (entry) =>
      entry.source !== 'built-in' && entry.trusted && entry.active && entry.kind !== 'demo',
  )
}

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
 * names that were asked for and the ones there are. With a broken providers.yaml the demo never
 * stands in: when nothing else can answer, this throws at once (one error for the whole turn,
 * before any call); otherwise a call that would fall to the demo fails with the file's problem.
 */
export function providerCaller(
  loaded: LoadedProviders,
  options: { explicit?: string | null; clock?: () => number } = {},
): (
  persona: { provider_hint: string | null },
  request: ProviderRequest,
) => Promise<ProviderResult> {
  const clock = options.clock ?? monotonicMs
  const broken = brokenProvidersFile(loaded)
  const explicitDemo =
    options.explicit != null && loaded.available.get(options.explicit)?.kind === 'demo'
  if (broken && !explicitDemo && !hasRealProvider(loaded)) throw broken
  return (persona, request) => {
    const { chain, unknown, usedDemo } = chainFor(loaded, {
      explicit: options.explicit ?? null,
      personaHint: persona.provider_hint,
    })
    if (broken && usedDemo && !explicitDemo) {
      return Promise.reject(new ProviderChainError('config', broken.message, []))
    }
    if (chain.length === 0) {
      const names = [...loaded.available.keys()].join(', ')
      const message = `no provider named "${unknown.join('", "')}" (configured: ${names})`
      return Promise.reject(new ProviderChainError('config', message, []))
    }
    return completeWithFallback(chain, request, clock)
  }
}
