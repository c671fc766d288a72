/**
 * Which providers a call tries, in order. `--provider` means exactly that provider: a user who
 * names one wants to know when it fails, not to get another's answer. Otherwise the persona's
 * hint, then the configured default, then the fallback list; names that are not configured are
 * reported (a persona hinting `claude-sonnet` on a machine without it is common, not an error).
 */
import type { Provider } from './port.js'

/** The provider that answers when nothing else is configured: offline, canned, and says so. */
export const DEMO_PROVIDER = 'demo'

export interface ChainSpec {
  /** `--provider NAME`: this provider alone. */
  explicit?: string | null
  /** The persona's `provider_hint`. */
  personaHint?: string | null
  /** `providers.default`. */
  defaultName?: string | null
  /** `providers.fallback`, tried in order after the others. */
  fallback: readonly string[]
}

export interface ResolvedChain {
  chain: Provider[]
  /** Names asked for that no provider has, in the order they were asked for. */
  unknown: string[]
  /** True when no named provider exists and the demo provider stands in. */
  usedDemo: boolean
}

export function resolveChain(
  spec: ChainSpec,
  available: ReadonlyMap<string, Provider>,
): ResolvedChain {
  if (spec.explicit) {
    const provider = available.get(spec.explicit)
    return provider
      ? { chain: [provider], unknown: [], usedDemo: provider.kind === 'demo' }
      : { chain: [], unknown: [spec.explicit], usedDemo: false }
  }
  const names = [spec.personaHint, spec.defaultName, ...spec.fallback].filter(
    (name): name is string => typeof name === 'string' && name !== '',
  )
  const chain: Provider[] = []
  const unknown: string[] = []
  for (const name of new Set(names)) {
    const provider = available.get(name)
    if (provider) chain.push(provider)
    else unknown.push(name)
  }
  if (chain.length === 0) {
    const demo = available.get(DEMO_PROVIDER)
    if (demo) return { chain: [demo], unknown, usedDemo: true }
  }
  return { chain, unknown, usedDemo: chain.length > 0 && chain.every((p) => p.kind === 'demo') }
}
