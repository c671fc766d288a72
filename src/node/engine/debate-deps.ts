/**
 * What a debate runs on in Node: the file store, the personas of the registry, each persona's
 * provider chain (or `--provider` for all), and real timers for the round timeout.
 */
import type { DebateDeps } from '../../core/debate/run-debate.js'
import type { EngineContext } from './engine-context.js'
import { providerCaller } from '../providers/provider-caller.js'
import { sleep } from '../providers/sleep.js'

export async function debateDeps(
  engine: EngineContext,
  options: { provider?: string } = {},
): Promise<DebateDeps> {
  const [personas, providers] = await Promise.all([engine.personas(), engine.providers()])
  const call = providerCaller(providers, { explicit: options.provider ?? null })
  return {
    store: engine.store,
    persona: (alias) => {
      const persona = personas.get(alias)?.persona
      return persona
        ? { alias, name: persona.name, role: persona.role, system: persona.personality }
        : undefined
    },
    complete: (alias, request) =>
      call({ provider_hint: personas.get(alias)?.persona.provider_hint ?? null }, request),
    sleep,
    aborter: () => new AbortController(),
  }
}
