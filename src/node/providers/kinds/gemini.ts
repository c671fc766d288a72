/**
 * `gemini`: Google's Gemini API (`streamGenerateContent`, server-sent events), the key from
 * `GEMINI_API_KEY` or else `GOOGLE_API_KEY`, as Google's own tools read them.
 */
import {
  createGeminiProvider,
  GEMINI_BASE_URL,
  GEMINI_KEY_VARIABLES,
  geminiModelId,
} from '../gemini-provider.js'
import { httpFields, httpOptions, probeModels } from './http-entry.js'
import { defineKind, keyFrom } from './kind.js'

export const geminiKind = defineKind({
  kind: 'gemini',
  fields: httpFields,
  description: "Google's Gemini API",
  setupHint: 'set GEMINI_API_KEY',
  docs: {
    calls: "Google's Gemini API (`streamGenerateContent`), streamed",
    needs: '`model`',
    key: '`GEMINI_API_KEY`, else `GOOGLE_API_KEY`',
    detected: '`GEMINI_API_KEY` or `GOOGLE_API_KEY` set',
  },
  keyVariables: (config) => (config.api_key_env ? [config.api_key_env] : [...GEMINI_KEY_VARIABLES]),
  build(config, context) {
    const provider = createGeminiProvider(
      httpOptions(config, context, {
        baseUrl: GEMINI_BASE_URL,
        keyVariables: geminiKind.keyVariables(config),
      }),
    )
    return { provider, argv: null, problem: null }
  },
  probe(config, _built, context) {
    const listing = createGeminiProvider(
      httpOptions(
        config,
        { env: context.env, ...(context.fetch ? { fetch: context.fetch } : {}) },
        {
          baseUrl: GEMINI_BASE_URL,
          keyVariables: geminiKind.keyVariables(config),
        },
      ),
    )
    return probeModels(listing, geminiModelId(config.model), context)
  },
  detect(context) {
    const key = keyFrom(GEMINI_KEY_VARIABLES, context.env)
    if (!key) return Promise.resolve([])
    return Promise.resolve([
      {
        name: 'gemini',
        found: `${key.name} is set`,
        entry: {
          name: 'gemini',
          type: 'gemini' as const,
          model: 'gemini-2.5-flash',
          api_key_env: key.name,
          description: 'Google Gemini API',
        },
      },
    ])
  },
  describe: (config) => `${config.model} at ${config.base_url ?? 'the gemini API'}`,
})
