/**
 * One `providers.yaml` entry as a Provider. An entry that cannot run as written (an unset
 * `$VAR`, a refused flag) still becomes a provider, one that fails with the reason, so it is
 * listed with that reason and a fallback chain moves past it.
 */
import { createDemoProvider } from '../../core/providers/demo.js'
import type { DemoOptions } from '../../core/providers/demo.js'
import { ProviderError } from '../../core/providers/port.js'
import type { Provider, ProviderFailure, ProviderKind } from '../../core/providers/port.js'
import type { ProviderConfig } from '../../core/providers/schema.js'
import { createAnthropicProvider, ANTHROPIC_BASE_URL } from './anthropic-provider.js'
import { hardenCommand } from './cli-safety.js'
import { createCommandProvider } from './command-provider.js'
import { createOpenAIProvider, OPENAI_BASE_URL } from './openai-provider.js'
import type { HttpProviderOptions } from './openai-provider.js'
import { sleep as nodeSleep } from './sleep.js'
import { splitCommand } from './split-command.js'

export interface BuildContext {
  /** The user's environment: variables for `$VAR`, keys, and the allow-list's source. */
  env: NodeJS.ProcessEnv
  sleep?: DemoOptions['sleep']
  fetch?: typeof fetch
  /** Where scratch folders for command providers are made. */
  scratchRoot?: string
}

export interface BuiltProvider {
  provider: Provider
  /** The program and arguments a command provider runs (after hardening). */
  argv: string[] | null
  /** Why the entry cannot be called as configured; null when it can. */
  problem: string | null
}

/** A provider that always fails with `message` (listed, skipped by a chain). */
export function failingProvider(
  name: string,
  kind: ProviderKind,
  reason: ProviderFailure,
  message: string,
): Provider {
  return {
    name,
    kind,
    complete: () => Promise.reject(new ProviderError(reason, message)),
  }
}

const seconds = (value: number | undefined): number | undefined =>
  value === undefined ? undefined : Math.round(value * 1000)

/** The key variable an HTTP entry uses: its own, or the API's usual one for the real service. */
export function keyVariable(config: ProviderConfig): string | null {
  if (config.api_key_env) return config.api_key_env
  if (config.type === 'anthropic') return 'ANTHROPIC_API_KEY'
  if (config.type === 'openai' && config.base_url === undefined) return 'OPENAI_API_KEY'
  return null
}

function httpOptions(config: ProviderConfig, context: BuildContext): HttpProviderOptions {
  const base = config.type === 'anthropic' ? ANTHROPIC_BASE_URL : OPENAI_BASE_URL
  const timeoutMs = seconds(config.timeout)
  const inactivityTimeoutMs = seconds(config.inactivity_timeout)
  return {
    name: config.name,
    ...(config.description !== undefined ? { description: config.description } : {}),
    ...(config.prices !== undefined ? { prices: config.prices } : {}),
    baseUrl: config.base_url ?? base,
    model: config.model ?? '',
    apiKeyEnv: keyVariable(config),
    env: context.env,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(inactivityTimeoutMs !== undefined ? { inactivityTimeoutMs } : {}),
    ...(config.max_output_bytes !== undefined ? { maxOutputBytes: config.max_output_bytes } : {}),
    ...(config.max_tokens !== undefined ? { maxTokens: config.max_tokens } : {}),
    ...(context.fetch ? { fetch: context.fetch } : {}),
  }
}

function buildCommand(config: ProviderConfig, context: BuildContext): BuiltProvider {
  let argv: string[]
  try {
    argv = hardenCommand(splitCommand(config.command ?? [], context.env))
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error)
    return {
      provider: failingProvider(config.name, 'command', 'config', problem),
      argv: null,
      problem,
    }
  }
  const key = keyVariable(config)
  const provider = createCommandProvider({
    name: config.name,
    ...(config.description !== undefined ? { description: config.description } : {}),
    ...(config.prices !== undefined ? { prices: config.prices } : {}),
    argv,
    envNames: [...(key ? [key] : []), ...(config.env ?? [])],
    parentEnv: context.env,
    ...(config.timeout !== undefined ? { timeoutMs: config.timeout * 1000 } : {}),
    inactivityTimeoutMs: seconds(config.inactivity_timeout) ?? null,
    ...(config.max_output_bytes !== undefined ? { maxOutputBytes: config.max_output_bytes } : {}),
    ...(context.scratchRoot !== undefined ? { scratchRoot: context.scratchRoot } : {}),
  })
  return { provider, argv, problem: null }
}

export function buildProvider(config: ProviderConfig, context: BuildContext): BuiltProvider {
  switch (config.type) {
    case 'command':
      return buildCommand(config, context)
    case 'openai':
      return {
        provider: createOpenAIProvider(httpOptions(config, context)),
        argv: null,
        problem: null,
      }
    case 'anthropic':
      return {
        provider: createAnthropicProvider(httpOptions(config, context)),
        argv: null,
        problem: null,
      }
    case 'demo':
      return {
        provider: {
          ...createDemoProvider({ sleep: context.sleep ?? nodeSleep }),
          name: config.name,
        },
        argv: null,
        problem: null,
      }
  }
}
