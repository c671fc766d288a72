/**
 * With nothing configured, what this machine already has, asked of every kind: AI CLIs on PATH,
 * API keys in the environment, an Ollama server on its port. Each becomes a suggested
 * providers.yaml entry (named as the bundled personas' hints where one fits, so `claude-sonnet`
 * just works). Nothing is written: the user pastes what they want.
 */
import { stringify } from 'yaml'

import { PROVIDER_KINDS } from './kinds/index.js'
import type { DetectedProvider } from './kinds/index.js'
import { processEnv } from '../host.js'

export type { DetectedProvider } from './kinds/index.js'

export interface DetectOptions {
  env?: NodeJS.ProcessEnv
  /** Ask local servers (Ollama's) whether they are running (default true). */
  probe?: boolean
  /** How long a local probe may take (default 800 ms: it is local or absent). */
  probeTimeoutMs?: number
  fetch?: typeof fetch
}

export async function detectProviders(options: DetectOptions = {}): Promise<DetectedProvider[]> {
  const context = {
    env: options.env ?? processEnv(),
    probe: options.probe !== false,
    timeoutMs: options.probeTimeoutMs ?? 800,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  }
  const found = await Promise.all(
    PROVIDER_KINDS.map(async (kind) =>
      (await kind.detect(context)).map((item) => ({ ...item, type: kind.kind })),
    ),
  )
  return found.flat()
}

/** What to install or set, by kind, when nothing was found: `install claude, ...; set ...`. */
export function setupHints(): string[] {
  return PROVIDER_KINDS.map((kind) => kind.setupHint).filter((hint) => hint !== '')
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

/** One kind's entry alone, as a `providers:` list item to add to an existing file. */
export function entryYaml(detected: DetectedProvider): string {
  return stringify([detected.entry], { lineWidth: 0 })
}
