/**
 * Which provider answers each council call: `--provider` for everyone; otherwise the role's tier
 * picks `council.stronger` or `council.default` from discussions.yaml, then the role persona's
 * hint, then the usual default and fallback chain.
 */
import type { CouncilTier } from '../../core/council/modes.js'
import type { CouncilCall } from '../../core/council/plan.js'
import { strengthFor } from '../../core/council/roles.js'
import type { CouncilSettings } from '../../core/council/settings.js'
import type { Persona } from '../../core/personas/schema.js'
import type { ProviderRequest, ProviderResult } from '../../core/providers/port.js'
import type { LoadedProviders } from '../providers/load-providers.js'
import { chainFor, providerCaller } from '../providers/provider-caller.js'

export interface CouncilCaller {
  complete: (call: CouncilCall, request: ProviderRequest) => Promise<ProviderResult>
  /** The provider a call starts with (before any fallback), or null when none is usable. */
  providerFor: (call: CouncilCall) => string | null
}

export function councilCaller(
  loaded: LoadedProviders,
  settings: CouncilSettings,
  options: { tier: CouncilTier; explicit: string | null; persona: (call: CouncilCall) => Persona },
): CouncilCaller {
  const hintFor = (call: CouncilCall): string | null => {
    const tierChoice =
      strengthFor(call.role, options.tier) === 'stronger'
        ? (settings.stronger ?? settings.default)
        : settings.default
    return tierChoice ?? options.persona(call).provider_hint
  }
  const caller = providerCaller(loaded, { explicit: options.explicit })
  return {
    complete: (call, request) => caller({ provider_hint: hintFor(call) }, request),
    providerFor: (call) =>
      chainFor(loaded, { explicit: options.explicit, personaHint: hintFor(call) }).chain[0]?.name ??
      null,
  }
}
