/**
 * Whether a provider can answer right now, and if not, what to do about it: the program is on
 * PATH, the key variable is set, the endpoint answers. The kind's module does the checking;
 * checks are quick and send no prompt (an endpoint probe lists models), so `providers list` stays
 * fast and costs nothing.
 */
import { kindOf } from './kinds/index.js'
import type { Usability } from './kinds/index.js'
import { keyFrom, missingKeyMessage } from './kinds/kind.js'
import type { ProviderEntry, ProviderSource } from './load-providers.js'

export type { Usability } from './kinds/index.js'

export interface UsableOptions {
  /** The environment the provider would run with (its keys, its PATH). */
  env: NodeJS.ProcessEnv
  /** Probe HTTP endpoints (default true). */
  probe?: boolean
  probeTimeoutMs?: number
  fetch?: typeof fetch
}

export async function checkUsable(
  entry: ProviderEntry,
  options: UsableOptions,
): Promise<Usability> {
  const { env } = options
  if (!entry.trusted) return { usable: false, why: entry.problem ?? 'untrusted' }
  if (entry.problem) return { usable: false, why: entry.problem }
  const config = entry.config
  if (!config) return { usable: false, why: 'no configuration' }
  const kind = kindOf(config)
  const names = kind.keyVariables()
  const key = keyFrom(names, env)
  if (names.length > 0 && !key) return { usable: false, why: missingKeyMessage(names) }
  const checked = await kind.probe(
    { provider: entry.provider, argv: entry.argv, problem: entry.problem },
    {
      env,
      probe: options.probe !== false,
      timeoutMs: options.probeTimeoutMs ?? 2_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
  )
  const keyNote = key && checked.usable !== false ? `${key.name} set, ` : ''
  return { usable: checked.usable, why: `${keyNote}${checked.why}` }
}

/**
 * One provider entry as lists show it. The app's contract has the same shape (`ProviderInfo`), and
 * the backend hands these over unmapped, so the type checker holds the two together there.
 */
export interface ProviderStatus {
  name: string
  kind: ProviderEntry['kind']
  description: string | null
  source: ProviderSource
  /** The settings file that names it; null for the built-in demo. */
  file: string | null
  line: number | null
  trusted: boolean
  /** False when an entry of the same name elsewhere is the one used. */
  active: boolean
  /** null: not checked. */
  usable: boolean | null
  why: string
}

/** Every entry of `loaded`, checked in parallel (`providers list` and the app's providers view). */
export async function providerStatuses(
  entries: readonly ProviderEntry[],
  options: UsableOptions,
): Promise<ProviderStatus[]> {
  const checks = await Promise.all(entries.map((entry) => checkUsable(entry, options)))
  return entries.map((entry, index) => ({
    name: entry.name,
    kind: entry.kind,
    description: entry.config?.description ?? entry.provider.description ?? null,
    source: entry.source,
    file: entry.file,
    line: entry.line,
    trusted: entry.trusted,
    active: entry.active,
    usable: checks[index]?.usable ?? null,
    why: checks[index]?.why ?? '',
  }))
}
