/**
 * `ollama`: Ollama's native API (`/api/chat`, newline-delimited JSON), the model list from
 * `/api/tags`, no key. Found when a server answers on `OLLAMA_HOST` (default 127.0.0.1:11434).
 */
import { findProgram } from '../which.js'
import { createOllamaProvider, ollamaBaseUrl, sameOllamaModel } from '../ollama-provider.js'
import { httpFields, httpOptions, probeModels } from './http-entry.js'
import { defineKind } from './kind.js'

export const ollamaKind = defineKind({
  kind: 'ollama',
  fields: httpFields,
  description: "Ollama's native API, for local models",
  setupHint: 'install ollama and run `ollama serve`',
  docs: {
    calls:
      "Ollama's native API (`/api/chat`), streamed; `base_url` default `OLLAMA_HOST` or `http://127.0.0.1:11434`",
    needs: '`model` (one of `ollama list`)',
    key: 'none (`api_key_env` for a server behind a proxy that wants a bearer token)',
    detected:
      'a server answering on `OLLAMA_HOST` (default `127.0.0.1:11434`), or `ollama` on PATH',
  },
  keyVariables: (config) => (config.api_key_env ? [config.api_key_env] : []),
  build(config, context) {
    const provider = createOllamaProvider(
      httpOptions(config, context, {
        baseUrl: ollamaBaseUrl(context.env),
        keyVariables: ollamaKind.keyVariables(config),
      }),
    )
    return { provider, argv: null, problem: null }
  },
  probe(config, _built, context) {
    const listing = createOllamaProvider(
      httpOptions(
        config,
        { env: context.env, ...(context.fetch ? { fetch: context.fetch } : {}) },
        {
          baseUrl: ollamaBaseUrl(context.env),
          keyVariables: ollamaKind.keyVariables(config),
        },
      ),
    )
    return probeModels(listing, config.model, context, sameOllamaModel)
  },
  async detect(context) {
    const baseUrl = ollamaBaseUrl(context.env)
    const entry = (model: string) => ({
      name: 'ollama',
      type: 'ollama' as const,
      model,
      description: 'Local Ollama server',
      ...(context.env.OLLAMA_HOST ? { base_url: baseUrl } : {}),
    })
    if (context.probe) {
      const listing = createOllamaProvider({
        name: 'ollama',
        baseUrl,
        model: '',
        env: {},
        ...(context.fetch ? { fetch: context.fetch } : {}),
      })
      const models = await listing.listModels({ timeoutMs: context.timeoutMs }).catch(() => null)
      if (models) {
        const names = models.length > 0 ? `: ${models.slice(0, 3).join(', ')}` : ''
        const noun = models.length === 1 ? 'model' : 'models'
        return [
          {
            name: 'ollama',
            found: `Ollama answers on ${baseUrl} (${models.length} ${noun}${names})`,
            entry: entry(models[0]?.replace(/:latest$/, '') ?? 'llama3.2'),
          },
        ]
      }
    }
    const program = findProgram('ollama', context.env)
    if (!program) return []
    const state = context.probe
      ? `its server did not answer on ${baseUrl}: start it with \`ollama serve\``
      : 'its server was not checked'
    return [
      {
        name: 'ollama',
        found: `ollama is installed (${program}), but ${state}`,
        entry: entry('llama3.2'),
      },
    ]
  },
  describe: (config) => `${config.model} at ${config.base_url ?? 'the local Ollama server'}`,
})
