/**
 * Whether a provider can answer right now, and if not, what to do about it: the program is on
 * PATH, the key variable is set, the endpoint answers. Checks are quick and send no prompt (the
 * endpoint probe lists models), so `providers list` stays fast and costs nothing.
 */
import { ProviderError } from '../../core/providers/port.js'
import { anthropicUrl, ANTHROPIC_BASE_URL, ANTHROPIC_VERSION } from './anthropic-provider.js'
import { keyVariable } from './build-provider.js'
import { callEventStream, HTTP_DEFAULTS } from './http-stream.js'
import type { ProviderEntry } from './load-providers.js'
import type { ModelListing } from './openai-provider.js'
import { findProgram } from './which.js'

export interface Usability {
  /** null: not checked (offline mode skips the endpoint probes). */
  usable: boolean | null
  why: string
}

export interface UsableOptions {
  env?: NodeJS.ProcessEnv
  /** Probe HTTP endpoints (default true). */
  probe?: boolean
  probeTimeoutMs?: number
  fetch?: typeof fetch
}

function hasListing(provider: unknown): provider is ModelListing {
  return typeof (provider as Partial<ModelListing>).listModels === 'function'
}

function failure(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

async function probeAnthropic(
  entry: ProviderEntry,
  key: { name: string | null; value: string },
  options: UsableOptions,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const timeoutMs = options.probeTimeoutMs ?? 2_000
  const secretNames = key.name ? [key.name] : []
  const outcome = await callEventStream(
    {
      url: anthropicUrl(entry.config?.base_url ?? ANTHROPIC_BASE_URL, 'models'),
      headers: { 'x-api-key': key.value, 'anthropic-version': ANTHROPIC_VERSION },
      body: null,
      timeoutMs,
      inactivityTimeoutMs: timeoutMs,
      maxBytes: HTTP_DEFAULTS.maxOutputBytes,
      secretNames,
      env,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
    () => undefined,
  )
  const data = outcome.kind === 'json' ? (outcome.value as { data?: unknown }).data : null
  return Array.isArray(data) ? data.length : 0
}

export async function checkUsable(
  entry: ProviderEntry,
  options: UsableOptions = {},
): Promise<Usability> {
  const env = options.env ?? process.env
  if (!entry.trusted) return { usable: false, why: entry.problem ?? 'untrusted' }
  if (entry.problem) return { usable: false, why: entry.problem }
  if (entry.kind === 'demo')
    return { usable: true, why: 'offline canned answers, for trying the app' }
  const config = entry.config
  if (!config) return { usable: false, why: 'no configuration' }
  const keyName = keyVariable(config)
  const key = keyName ? env[keyName] : undefined
  if (keyName && !key) return { usable: false, why: `${keyName} is not set` }

  if (entry.kind === 'command') {
    const program = entry.argv?.[0] ?? ''
    const path = await findProgram(program, env)
    const found = program.includes('/') ? `${path} is executable` : `${program} found (${path})`
    return path
      ? { usable: true, why: found }
      : {
          usable: false,
          why: `"${program}" is not installed or not on PATH: install it, or fix the command in providers.yaml`,
        }
  }
  const keyNote = keyName ? `${keyName} set, ` : ''
  if (options.probe === false) return { usable: null, why: `${keyNote}endpoint not checked` }
  try {
    if (entry.kind === 'anthropic') {
      const count = await probeAnthropic(entry, { name: keyName, value: key ?? '' }, options, env)
      return { usable: true, why: `${keyNote}endpoint answers (${count} models)` }
    }
    if (!hasListing(entry.provider)) return { usable: null, why: `${keyNote}endpoint not checked` }
    const models = await entry.provider.listModels({ timeoutMs: options.probeTimeoutMs ?? 2_000 })
    const model = config.model ?? ''
    const offered = models.length === 0 || models.includes(model)
    return {
      usable: true,
      why: offered
        ? `${keyNote}endpoint answers (${models.length} models)`
        : `${keyNote}endpoint answers, but "${model}" is not among its ${models.length} models`,
    }
  } catch (error) {
    const why = error instanceof ProviderError ? error.message : failure(error)
    return { usable: false, why }
  }
}

/** One provider entry as lists show it: where it comes from and whether it can answer now. */
export interface ProviderStatus {
  name: string
  kind: ProviderEntry['kind']
  description: string | null
  source: ProviderEntry['source']
  file: string | null
  line: number | null
  trusted: boolean
  active: boolean
  usable: boolean | null
  why: string
}

/** Every entry of `loaded`, checked in parallel (`providers list` and the app's providers view). */
export async function providerStatuses(
  entries: readonly ProviderEntry[],
  options: UsableOptions = {},
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
