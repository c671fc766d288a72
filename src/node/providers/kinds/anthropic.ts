/** `anthropic`: Anthropic's Messages API, streamed; the key from `ANTHROPIC_API_KEY`. */
import {
  ANTHROPIC_BASE_URL,
  ANTHROPIC_VERSION,
  anthropicUrl,
  createAnthropicProvider,
} from '../anthropic-provider.js'
import { callEventStream, HTTP_DEFAULTS } from '../http-stream.js'
import { httpFields, httpOptions, probeModels } from './http-entry.js'
import { defineKind, keyFrom } from './kind.js'

export const anthropicKind = defineKind({
  kind: 'anthropic',
  fields: httpFields,
  description: "Anthropic's Messages API",
  setupHint: 'set ANTHROPIC_API_KEY',
  docs: {
    calls: "Anthropic's Messages API, streamed",
    needs: '`model`',
    key: '`ANTHROPIC_API_KEY`',
    detected: '`ANTHROPIC_API_KEY` set',
  },
  keyVariables: (config) => [config.api_key_env ?? 'ANTHROPIC_API_KEY'],
  build(config, context) {
    const provider = createAnthropicProvider(
      httpOptions(config, context, {
        baseUrl: ANTHROPIC_BASE_URL,
        keyVariables: anthropicKind.keyVariables(config),
      }),
    )
    return { provider, argv: null, problem: null }
  },
  probe(config, _built, context) {
    const secretNames = anthropicKind.keyVariables(config)
    const key = keyFrom(secretNames, context.env)?.value ?? ''
    // The Messages API has a model list (GET /v1/models): listing it costs nothing.
    const listing = {
      async listModels(options: { timeoutMs?: number } = {}): Promise<string[]> {
        const timeoutMs = options.timeoutMs ?? context.timeoutMs
        const outcome = await callEventStream(
          {
            url: anthropicUrl(config.base_url ?? ANTHROPIC_BASE_URL, 'models'),
            headers: { 'x-api-key': key, 'anthropic-version': ANTHROPIC_VERSION },
            body: null,
            timeoutMs,
            inactivityTimeoutMs: timeoutMs,
            maxBytes: HTTP_DEFAULTS.maxOutputBytes,
            secretNames,
            env: context.env,
            ...(context.fetch ? { fetch: context.fetch } : {}),
          },
          () => undefined,
        )
        const data = outcome.kind === 'json' ? (outcome.value as { data?: unknown }).data : null
        return Array.isArray(data)
          ? data
              .map((model) => (model as { id?: unknown }).id)
              .filter((id): id is string => typeof id === 'string')
          : []
      },
    }
    return probeModels(listing, config.model, context)
  },
  detect(context) {
    if (!context.env.ANTHROPIC_API_KEY) return Promise.resolve([])
    return Promise.resolve([
      {
        name: 'anthropic',
        found: 'ANTHROPIC_API_KEY is set',
        entry: {
          name: 'anthropic',
          type: 'anthropic' as const,
          model: 'claude-sonnet-4-5',
          api_key_env: 'ANTHROPIC_API_KEY',
          description: 'Anthropic API',
        },
      },
    ])
  },
  describe: (config) => `${config.model} at ${config.base_url ?? 'the anthropic API'}`,
})
