/**
 * `openai`: any OpenAI-compatible chat-completions server — OpenAI itself, Ollama's `/v1`, LM
 * Studio, llama.cpp's server, vLLM, OpenRouter. OpenAI itself needs `OPENAI_API_KEY`; a server
 * at another `base_url` needs a key only when `api_key_env` names one.
 */
import { createOpenAIProvider, OPENAI_BASE_URL } from '../openai-provider.js'
import { httpFields, httpOptions, probeModels } from './http-entry.js'
import { defineKind } from './kind.js'

export const openaiKind = defineKind({
  kind: 'openai',
  fields: httpFields,
  description:
    'an OpenAI-compatible chat-completions API (OpenAI, Ollama /v1, LM Studio, llama.cpp, vLLM)',
  setupHint: 'set OPENAI_API_KEY',
  docs: {
    calls:
      'an OpenAI-compatible `chat/completions` server: OpenAI, Ollama `/v1`, LM Studio, llama.cpp, vLLM',
    needs: '`model`',
    key: '`OPENAI_API_KEY` for OpenAI itself; none for another `base_url` unless `api_key_env` names one',
    detected: '`OPENAI_API_KEY` set',
  },
  keyVariables(config) {
    if (config.api_key_env) return [config.api_key_env]
    return config.base_url === undefined ? ['OPENAI_API_KEY'] : []
  },
  build(config, context) {
    const keyVariables = openaiKind.keyVariables(config)
    const provider = createOpenAIProvider(
      httpOptions(config, context, { baseUrl: OPENAI_BASE_URL, keyVariables }),
    )
    return { provider, argv: null, problem: null }
  },
  probe(config, built, context) {
    const listing = createOpenAIProvider(
      httpOptions(
        config,
        { env: context.env, ...(context.fetch ? { fetch: context.fetch } : {}) },
        {
          baseUrl: OPENAI_BASE_URL,
          keyVariables: openaiKind.keyVariables(config),
        },
      ),
    )
    void built
    return probeModels(listing, config.model, context)
  },
  detect(context) {
    if (!context.env.OPENAI_API_KEY) return Promise.resolve([])
    return Promise.resolve([
      {
        name: 'openai',
        found: 'OPENAI_API_KEY is set',
        entry: {
          name: 'openai',
          type: 'openai' as const,
          model: 'gpt-4o-mini',
          api_key_env: 'OPENAI_API_KEY',
          description: 'OpenAI API',
        },
      },
    ])
  },
  describe: (config) => `${config.model} at ${config.base_url ?? 'the openai API'}`,
})
