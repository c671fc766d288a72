/**
 * With nothing configured, what this machine already has: AI CLIs on PATH, API keys in the
 * environment, an Ollama server on localhost. Each becomes a suggested providers.yaml entry
 * (named as the bundled personas' hints where one fits, so `claude-sonnet` just works). Nothing
 * is written: the user pastes what they want.
 */
import { join } from 'node:path'

import { stringify } from 'yaml'

import type { ProviderKind } from '../../core/providers/port.js'
import type { ProviderConfigInput } from '../../core/providers/schema.js'
import { createOpenAIProvider } from './openai-provider.js'
import { findProgram } from './which.js'

export const OLLAMA_URL = 'http://127.0.0.1:11434'

export interface DetectedProvider {
  name: string
  type: ProviderKind
  /** What was found: `claude is on PATH (/usr/local/bin/claude)`. */
  found: string
  entry: ProviderConfigInput
}

export interface DetectOptions {
  env?: NodeJS.ProcessEnv
  /** Ask Ollama's HTTP API whether it is running (default true). */
  probe?: boolean
  ollamaUrl?: string
  /** How long the Ollama probe may take (default 800 ms: it is local or absent). */
  probeTimeoutMs?: number
  fetch?: typeof fetch
}

const CLIS: readonly { program: string; entry: ProviderConfigInput }[] = [
  {
    program: 'claude',
    entry: {
      name: 'claude-sonnet',
      command: 'claude -p --model sonnet',
      description: 'Claude Code CLI (Sonnet)',
    },
  },
  {
    program: 'codex',
    entry: { name: 'codex', command: 'codex exec -', description: 'OpenAI Codex CLI' },
  },
  {
    program: 'gemini',
    entry: {
      name: 'gemini-flash',
      command: 'gemini --model gemini-2.5-flash',
      description: 'Gemini CLI',
    },
  },
  {
    program: 'opencode',
    entry: {
      name: 'opencode-deepseek',
      command: 'opencode run --model deepseek/deepseek-chat',
      description: 'opencode CLI',
    },
  },
]

async function ollamaModels(options: DetectOptions, baseUrl: string): Promise<string[] | null> {
  const probe = createOpenAIProvider({
    name: 'ollama',
    baseUrl: `${baseUrl}/v1`,
    model: '',
    env: {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  try {
    return await probe.listModels({ timeoutMs: options.probeTimeoutMs ?? 800 })
  } catch {
    return null
  }
}

export async function detectProviders(options: DetectOptions = {}): Promise<DetectedProvider[]> {
  const env = options.env ?? process.env
  const found: DetectedProvider[] = []
  for (const cli of CLIS) {
    let path = await findProgram(cli.program, env)
    let entry = cli.entry
    if (!path && cli.program === 'opencode' && env.HOME) {
      // opencode's installer puts it here without touching PATH; the seed names it this way.
      path = await findProgram(join(env.HOME, '.opencode', 'bin', 'opencode'), env)
      if (path)
        entry = {
          ...entry,
          command: `$HOME/.opencode/bin/opencode run --model deepseek/deepseek-chat`,
        }
    }
    if (path)
      found.push({
        name: entry.name,
        type: 'command',
        found: `${cli.program} is installed (${path})`,
        entry,
      })
  }

  const ollamaUrl = options.ollamaUrl ?? OLLAMA_URL
  const models = options.probe === false ? null : await ollamaModels(options, ollamaUrl)
  const ollamaPath = await findProgram('ollama', env)
  if (models) {
    const model = models[0] ?? 'llama3.2'
    found.push({
      name: 'ollama',
      type: 'openai',
      found: `Ollama answers on ${ollamaUrl} (${models.length} model${models.length === 1 ? '' : 's'}${models.length > 0 ? `: ${models.slice(0, 3).join(', ')}` : ''})`,
      entry: {
        name: 'ollama',
        type: 'openai',
        base_url: `${ollamaUrl}/v1`,
        model,
        description: 'Local Ollama server',
      },
    })
  } else if (ollamaPath) {
    found.push({
      name: 'ollama',
      type: 'command',
      found: `ollama is installed (${ollamaPath}), but its server did not answer on ${ollamaUrl}`,
      entry: { name: 'ollama', command: 'ollama run llama3.2', description: 'Local Ollama model' },
    })
  }

  if (env.OPENAI_API_KEY) {
    found.push({
      name: 'openai',
      type: 'openai',
      found: 'OPENAI_API_KEY is set',
      entry: {
        name: 'openai',
        type: 'openai',
        model: 'gpt-4o-mini',
        api_key_env: 'OPENAI_API_KEY',
        description: 'OpenAI API',
      },
    })
  }
  if (env.ANTHROPIC_API_KEY) {
    found.push({
      name: 'anthropic',
      type: 'anthropic',
      found: 'ANTHROPIC_API_KEY is set',
      entry: {
        name: 'anthropic',
        type: 'anthropic',
        model: 'claude-sonnet-4-5',
        api_key_env: 'ANTHROPIC_API_KEY',
        description: 'Anthropic API',
      },
    })
  }
  return found
}

/** The YAML to paste into providers.yaml for the detected providers (the first is the default). */
export function detectedYaml(detected: readonly DetectedProvider[]): string {
  if (detected.length === 0) return ''
  const [first] = detected
  return stringify(
    {
      providers: detected.map((item) => item.entry),
      default: first?.name,
      fallback: detected.slice(1).map((item) => item.name),
    },
    { lineWidth: 0 },
  )
}
