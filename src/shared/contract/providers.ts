/** Providers: which are configured and usable, trying one, the default, trusting a project. */
import { z } from 'zod'

import type { ProviderUsage } from '../../core/providers/port.js'
import { pathSchema } from './common.js'

/**
 * The provider kinds, as the app shows them. The node layer's registry of kinds
 * (src/node/providers/kinds) is checked against this list when it compiles, both ways: a kind
 * without a module, or a module the contract does not list, is a compile error there.
 */
export const providerKindSchema = z.enum([
  'command',
  'openai',
  'anthropic',
  'gemini',
  'ollama',
  'demo',
])
export type ProviderKindName = z.infer<typeof providerKindSchema>

const folderField = pathSchema.optional()
const name = z.string().min(1).max(100)

export const providersRequests = {
  /** `probe: false` skips contacting endpoints (fast; `usable` may then be null). */
  'providers:list': z.strictObject({ folder: folderField, probe: z.boolean().optional() }),
  'providers:test': z.strictObject({ folder: folderField, name }),
  'providers:setDefault': z.strictObject({ folder: folderField, name }),
  'providers:trust': z.strictObject({ folder: folderField, trust: z.boolean() }),
}

export interface ProviderInfo {
  name: string
  kind: ProviderKindName
  description: string | null
  source: 'user' | 'project' | 'built-in'
  file: string | null
  line: number | null
  trusted: boolean
  /** False when an entry of the same name elsewhere is the one used. */
  active: boolean
  /** null: not checked. */
  usable: boolean | null
  why: string
}

export interface ProvidersState {
  providers: ProviderInfo[]
  defaultName: string
  fallback: string[]
  /** The default provider is the offline demo. */
  usingDemo: boolean
  /** Any provider besides the demo is configured. */
  configured: boolean
  problems: string[]
  /**
   * The project of the folder, when it brings programs of its own to run: its providers.yaml, or
   * personas with an external `command`. `brings` says what, one line each.
   */
  project: { root: string; brings: string[]; trusted: boolean } | null
  userFile: string
}

export interface ProviderTestResult {
  text: string
  provider: string
  durationMs: number
  usage: ProviderUsage
  costUsd: number | null
}

export interface DefaultProviderSaved {
  /** The settings file written. */
  file: string
  /** Set when another setting still wins over the one written (a project's discussions.yaml). */
  note: string | null
}

export interface ProvidersResponses {
  'providers:list': ProvidersState
  'providers:test': ProviderTestResult
  'providers:setDefault': DefaultProviderSaved
  'providers:trust': { trusted: boolean }
}
