/**
 * `providers.yaml`, in the seed's (SmartTools') shape: a `providers:` list of named entries.
 * An entry with a `command` and no `type` is a command provider, so the seed's file works as is.
 * `default` and `fallback` may sit here too; the same keys under `providers:` in
 * `discussions.yaml` win over these.
 */
import { z } from 'zod'

import { strictObject } from '../config/strict-object.js'
import type { ProviderKind } from './port.js'

export const PROVIDER_TYPES = [
  'command',
  'openai',
  'anthropic',
  'demo',
] as const satisfies readonly ProviderKind[]

/** Names are typed after `--provider` and written in persona files: no spaces, no quoting. */
export const PROVIDER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/

const providerName = z.string().regex(PROVIDER_NAME_PATTERN, {
  error: 'must be letters, digits, ".", "-" or "_", with no spaces (e.g. claude-sonnet)',
})

const envName = z.string().regex(ENV_NAME_PATTERN, {
  error: 'must be the name of an environment variable, such as OPENAI_API_KEY',
})

const seconds = z.number().positive()

const pricesSchema = strictObject({
  /** USD per million input tokens. */
  input_per_mtok: z.number().min(0),
  /** USD per million output tokens. */
  output_per_mtok: z.number().min(0),
})

const baseUrl = z
  .string()
  .regex(/^https?:\/\/\S+$/, { error: 'must be an http:// or https:// address' })

export const providerEntrySchema = strictObject({
  name: providerName,
  /** Default: `command` when `command` is given. */
  type: z.enum(PROVIDER_TYPES).optional(),
  description: z.string().optional(),
  /** `"claude -p --model sonnet"` (split without a shell) or `[program, arg, ...]`. */
  command: z
    .union([z.string().min(1), z.array(z.string().min(1)).min(1)], {
      error: 'must be a command line, or a list of the program and its arguments',
    })
    .optional(),
  /** The API's address (`http://127.0.0.1:11434/v1` for Ollama). */
  base_url: baseUrl.optional(),
  model: z.string().min(1).optional(),
  /** The environment variable that holds the key; never the key itself. */
  api_key_env: envName.optional(),
  /** More environment variables this provider may see (command providers). */
  env: z.array(envName).optional(),
  /** Seconds a call may take in all. */
  timeout: seconds.optional(),
  /** Seconds a stream may stay silent. */
  inactivity_timeout: seconds.optional(),
  /** Bytes of output kept before the call is stopped as too large. */
  max_output_bytes: z.number().int().positive().optional(),
  /** The longest answer asked for, in tokens (Anthropic requires one; default 4096). */
  max_tokens: z.number().int().positive().optional(),
  prices: pricesSchema.optional(),
})
  .superRefine((entry, context) => {
    const type = entry.type ?? (entry.command !== undefined ? 'command' : undefined)
    const need = (field: keyof typeof entry, message: string): void => {
      if (entry[field] === undefined) context.addIssue({ code: 'custom', path: [field], message })
    }
    if (type === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'give a command, or a type ("openai", "anthropic" or "demo")',
      })
    } else if (type === 'command') {
      need('command', 'a command provider needs a command, e.g. "claude -p --model sonnet"')
    } else if (type === 'openai' || type === 'anthropic') {
      need('model', `an ${type} provider needs a model`)
      if (entry.command !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['command'],
          message: `an ${type} provider calls its API over HTTP and runs no command`,
        })
      }
    }
  })
  .transform((entry) => ({
    ...entry,
    type: entry.type ?? ('command' as const),
  }))

export type ProviderConfig = z.output<typeof providerEntrySchema>
export type ProviderConfigInput = z.input<typeof providerEntrySchema>

/**
 * The file's outline with each entry left unchecked, so one broken entry is reported at its line
 * while the others still load.
 */
export const providersFileOutlineSchema = strictObject({
  providers: z
    .array(z.unknown())
    .nullish()
    .transform((entries) => entries ?? []),
  default: z.string().min(1).nullable().optional(),
  fallback: z.array(z.string().min(1)).optional(),
})

export const providersFileSchema = strictObject({
  providers: z
    .array(providerEntrySchema)
    .nullish()
    .transform((entries) => entries ?? []),
  default: z.string().min(1).nullable().optional(),
  fallback: z.array(z.string().min(1)).optional(),
}).superRefine((file, context) => {
  const seen = new Set<string>()
  file.providers.forEach((entry, index) => {
    if (seen.has(entry.name)) {
      context.addIssue({
        code: 'custom',
        path: ['providers', index, 'name'],
        message: `"${entry.name}" is defined twice in this file`,
      })
    }
    seen.add(entry.name)
  })
})

export type ProvidersFile = z.output<typeof providersFileSchema>
