/**
 * What the HTTP kinds share: an entry's keys as adapter options, and the probe that lists the
 * endpoint's models (quick, sends no prompt, costs nothing).
 */
import { ProviderError } from '../../../core/providers/port.js'
import { countOf } from '../../../core/text/count-of.js'
import type { SharedProviderSchemas } from '../../../core/providers/schema.js'
import type { ProviderPrices } from '../../../core/providers/port.js'
import type { HttpProviderOptions, ModelListing } from '../openai-provider.js'
import type { BuildContext, ProbeContext, Usability } from './kind.js'
import { errorText } from './kind.js'

/** The keys every HTTP kind's entry takes in providers.yaml, from the shared ones. */
export function httpFields({ fields: shared }: SharedProviderSchemas) {
  return {
    description: shared.description,
    base_url: shared.base_url,
    model: shared.model,
    api_key_env: shared.api_key_env,
    timeout: shared.timeout,
    inactivity_timeout: shared.inactivity_timeout,
    max_output_bytes: shared.max_output_bytes,
    max_tokens: shared.max_tokens,
    prices: shared.prices,
  }
}

export interface HttpEntry {
  name: string
  description?: string | undefined
  prices?: ProviderPrices | undefined
  base_url?: string | undefined
  model?: string | undefined
  timeout?: number | undefined
  inactivity_timeout?: number | undefined
  max_output_bytes?: number | undefined
  max_tokens?: number | undefined
}

const ms = (seconds: number | undefined): number | undefined =>
  seconds === undefined ? undefined : Math.round(seconds * 1000)

export function httpOptions(
  config: HttpEntry,
  context: BuildContext,
  defaults: { baseUrl: string; keyVariables: readonly string[] },
): HttpProviderOptions {
  const timeoutMs = ms(config.timeout)
  const inactivityTimeoutMs = ms(config.inactivity_timeout)
  return {
    name: config.name,
    ...(config.description !== undefined ? { description: config.description } : {}),
    ...(config.prices !== undefined ? { prices: config.prices } : {}),
    baseUrl: config.base_url ?? defaults.baseUrl,
    model: config.model ?? '',
    apiKeyEnv: defaults.keyVariables.length > 0 ? defaults.keyVariables : null,
    env: context.env,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(inactivityTimeoutMs !== undefined ? { inactivityTimeoutMs } : {}),
    ...(config.max_output_bytes !== undefined ? { maxOutputBytes: config.max_output_bytes } : {}),
    ...(config.max_tokens !== undefined ? { maxTokens: config.max_tokens } : {}),
    ...(context.fetch ? { fetch: context.fetch } : {}),
  }
}

/** Lists the endpoint's models and says whether the configured one is among them. */
export async function probeModels(
  listing: ModelListing,
  model: string,
  context: ProbeContext,
  same: (wanted: string, listed: string) => boolean = (a, b) => a === b,
): Promise<Usability> {
  if (!context.probe) return { usable: null, why: 'endpoint not checked' }
  try {
    const models = await listing.listModels({ timeoutMs: context.timeoutMs })
    const offered = models.length === 0 || models.some((listed) => same(model, listed))
    return {
      usable: true,
      why: offered
        ? `endpoint answers (${countOf(models.length, 'model')})`
        : `endpoint answers, but "${model}" is not among its ${countOf(models.length, 'model')}`,
    }
  } catch (error) {
    return { usable: false, why: error instanceof ProviderError ? error.message : errorText(error) }
  }
}
