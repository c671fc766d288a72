/** Providers: which are configured and usable, trying one, the default, trusting a project. */
import * as z from 'zod'

import { pathSchema, usageSchema } from './common.js'
import { PROVIDER_KIND_NAMES } from './provider-kinds.js'

/** The provider kinds (provider-kinds.ts). */
export const providerKindSchema = z.enum(PROVIDER_KIND_NAMES)
export type { ProviderKindName } from './provider-kinds.js'

const folderField = pathSchema.optional()
const name = z.string().min(1).max(100)

export const providersRequests = {
  /** `probe: false` skips contacting endpoints (fast; `usable` may then be null). */
  'providers:list': z.strictObject({ folder: folderField, probe: z.boolean().optional() }),
  'providers:test': z.strictObject({ folder: folderField, name }),
  /** Stops a running test of `name` (its call is aborted); false when none was running. */
  'providers:cancelTest': z.strictObject({ folder: folderField, name }),
  'providers:setDefault': z.strictObject({ folder: folderField, name }),
  'providers:trust': z.strictObject({ folder: folderField, trust: z.boolean() }),
}

/** One provider entry as lists show it: where it comes from and whether it can answer now. */
export const providerInfoSchema = z.object({
  name: z.string(),
  kind: providerKindSchema,
  description: z.string().nullable(),
  source: z.enum(['user', 'project', 'built-in']),
  file: z.string().nullable(),
  line: z.number().nullable(),
  trusted: z.boolean(),
  /** False when an entry of the same name elsewhere is the one used. */
  active: z.boolean(),
  /** null: not checked. */
  usable: z.boolean().nullable(),
  why: z.string(),
})
export type ProviderInfo = z.infer<typeof providerInfoSchema>

export const providersStateSchema = z.object({
  providers: z.array(providerInfoSchema),
  defaultName: z.string(),
  fallback: z.array(z.string()),
  /** The default provider is the offline demo. */
  usingDemo: z.boolean(),
  /** Any provider besides the demo is configured. */
  configured: z.boolean(),
  problems: z.array(z.string()),
  /**
   * The project of the folder, when it brings programs of its own to run: its providers.yaml, or
   * personas with an external `command`. `brings` says what, one line each.
   */
  project: z
    .object({ root: z.string(), brings: z.array(z.string()), trusted: z.boolean() })
    .nullable(),
  userFile: z.string(),
})
export type ProvidersState = z.infer<typeof providersStateSchema>

export const providerTestResultSchema = z.object({
  text: z.string(),
  provider: z.string(),
  durationMs: z.number(),
  usage: usageSchema,
  costUsd: z.number().nullable(),
})
export type ProviderTestResult = z.infer<typeof providerTestResultSchema>

export const defaultProviderSavedSchema = z.object({
  /** The settings file written. */
  file: z.string(),
  /** Set when another setting still wins over the one written (a project's discussions.yaml). */
  note: z.string().nullable(),
})
export type DefaultProviderSaved = z.infer<typeof defaultProviderSavedSchema>

export const projectTrustSchema = z.object({ trusted: z.boolean() })

export interface ProvidersResponses {
  'providers:list': ProvidersState
  'providers:test': ProviderTestResult
  'providers:cancelTest': boolean
  'providers:setDefault': DefaultProviderSaved
  'providers:trust': z.infer<typeof projectTrustSchema>
}
