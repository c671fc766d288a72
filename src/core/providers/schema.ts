/**
 * `providers.yaml`, in the seed's (SmartTools') shape: a `providers:` list of named entries, each
 * of one kind (`type:`). Which kinds there are is not decided here: each kind brings the keys its
 * entries may have, and `providerEntrySchemaFor` checks an entry against its kind's keys alone, so
 * a typo (`comand:`) or a key of another kind (`env:` on an HTTP provider) is reported at its line
 * with the key meant. An entry with a `command` and no `type` is a command provider, so the seed's
 * file works as is. `default` and `fallback` may sit here too; the same keys under `providers:` in
 * `discussions.yaml` win over these.
 */
import * as z from 'zod'

import { didYouMean } from '../config/did-you-mean.js'
import { PARSE_OPTIONS, quoteList } from '../config/issues.js'
import { strictObject, unknownKeysMessage } from '../config/strict-object.js'

/** Names are typed after `--provider` and written in persona files: no spaces, no quoting. */
export const PROVIDER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/

const envName = z.string().regex(ENV_NAME_PATTERN, {
  error: 'must be the name of an environment variable, such as OPENAI_API_KEY',
})
const seconds = z.number().positive()
const prices = strictObject({
  /** USD per million input tokens. */
  input_per_mtok: z.number().min(0),
  /** USD per million output tokens. */
  output_per_mtok: z.number().min(0),
})

/** The schemas kinds share: each kind picks the keys that mean something for it. */
export const sharedProviderSchemas = {
  providerName: z.string().regex(PROVIDER_NAME_PATTERN, {
    error: 'must be letters, digits, ".", "-" or "_", with no spaces (e.g. claude-sonnet)',
  }),
  /** `"claude -p --model sonnet"` (split without a shell) or `[program, arg, ...]`. */
  commandLine: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)], {
    error: 'must be a command line, or a list of the program and its arguments',
  }),
  /** The keys kinds share; each kind picks the ones that mean something for it. */
  fields: {
    description: z.string().optional(),
    /** The API's model (required by every HTTP kind). */
    model: z.string().min(1),
    /** The API's address. */
    base_url: z
      .string()
      .regex(/^https?:\/\/\S+$/, { error: 'must be an http:// or https:// address' })
      .optional(),
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
    /** The longest answer asked for, in tokens. */
    max_tokens: z.number().int().positive().optional(),
    prices: prices.optional(),
  },
} as const

/**
 * What a kind's `fields` is handed to build its keys from: `fields`, the keys kinds share (each
 * kind picks the ones that mean something for it), and `commandLine`.
 */
export type SharedProviderSchemas = typeof sharedProviderSchemas

/** What a kind tells the schema: its name and the keys its entries may have. */
export interface ProviderKindSchema<
  Kind extends string = string,
  Fields extends z.core.$ZodLooseShape = z.core.$ZodLooseShape,
> {
  kind: Kind
  /** The keys an entry of this kind may have besides `name` and `type`, picked from the shared ones. */
  fields: (shared: SharedProviderSchemas) => Fields
  /** A key whose presence makes this the kind of an entry without `type` (`command`). */
  impliedBy?: keyof Fields & string
}

/** One entry of a kind, as read: `type` is always set. */
export type ProviderEntryOf<Definition> =
  Definition extends ProviderKindSchema<infer Kind, infer Fields>
    ? { name: string; type: Kind } & z.output<z.ZodObject<Fields, z.core.$strict>>
    : never

/** One entry of a kind, as written in the file (or suggested for pasting into it). */
export type ProviderEntryInputOf<Definition> =
  Definition extends ProviderKindSchema<infer Kind, infer Fields>
    ? { name: string; type?: Kind } & z.input<z.ZodObject<Fields, z.core.$strict>>
    : never

/**
 * An unknown key in an entry of `kind`: a key another kind has says so (`"env" is a key of
 * command providers, not of gemini ones`); any other gets the did-you-mean of strict objects.
 */
function unknownKeyMessage(
  kind: string,
  keys: readonly string[],
  known: readonly string[],
  owners: ReadonlyMap<string, string[]>,
): string {
  const foreign = keys.find((key) => owners.has(key))
  if (foreign !== undefined && keys.length === 1) {
    const kinds = owners.get(foreign) ?? []
    return `"${foreign}" is a key of ${kinds.join(' and ')} providers, not of ${kind} ones (its keys: ${known.join(', ')})`
  }
  return unknownKeysMessage(keys, known)
}

/**
 * The schema of one `providers:` entry, given the kinds there are: `type` picks the kind (or the
 * key a kind is implied by), and the entry is then checked against that kind's keys alone.
 */
export function providerEntrySchemaFor<const Kinds extends readonly ProviderKindSchema[]>(
  kinds: Kinds,
): z.ZodType<ProviderEntryOf<Kinds[number]>, unknown> {
  const names = kinds.map((definition) => definition.kind)
  const shared = sharedProviderSchemas
  const fieldsOf = new Map(kinds.map((definition) => [definition.kind, definition.fields(shared)]))
  const keysOf = (kind: string): string[] => Object.keys(fieldsOf.get(kind) ?? {})
  const allKeys = [...new Set(['name', 'type', ...names.flatMap(keysOf)])]
  const { providerName } = shared
  const strictFor = new Map(
    kinds.map((definition) => {
      const known = ['name', 'type', ...keysOf(definition.kind)]
      const owners = new Map<string, string[]>()
      for (const other of kinds) {
        for (const key of keysOf(other.kind)) {
          if (known.includes(key)) continue
          owners.set(key, [...(owners.get(key) ?? []), other.kind])
        }
      }
      const schema = z.strictObject(
        {
          name: providerName,
          type: z.literal(definition.kind).optional(),
          ...fieldsOf.get(definition.kind),
        },
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys'
              ? unknownKeyMessage(definition.kind, issue.keys, known, owners)
              : undefined,
        },
      )
      return [definition.kind, schema] as const
    }),
  )
  const typeHint = `give a command, or a type (${quoteList(names)})`

  return z.unknown().transform((value, context) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      context.issues.push({
        code: 'custom',
        message: 'must be a mapping (name: ..., type: ...)',
        input: value,
      })
      return z.NEVER
    }
    const entry = value as Record<string, unknown>
    const implied = kinds.find(
      (definition) =>
        definition.impliedBy !== undefined && entry[definition.impliedBy] !== undefined,
    )
    const type = entry.type ?? implied?.kind
    if (type === undefined) {
      // No kind to check against: the keys no kind has are still worth a did-you-mean, and a
      // misspelt key (`comand:`) is the whole story, so the hint about `type` then stays out.
      const strangers = Object.keys(entry).filter((key) => !allKeys.includes(key))
      if (strangers.length > 0) {
        context.issues.push({
          code: 'unrecognized_keys',
          keys: strangers,
          path: [],
          message: unknownKeysMessage(strangers, allKeys),
          input: entry,
        })
      }
      if (!strangers.some((key) => didYouMean(key, allKeys) !== null)) {
        context.issues.push({ code: 'custom', path: ['type'], message: typeHint, input: undefined })
      }
      return z.NEVER
    }
    const schema = typeof type === 'string' ? strictFor.get(type) : undefined
    if (schema === undefined) {
      context.issues.push({
        code: 'invalid_value',
        values: names,
        path: ['type'],
        input: type,
        message: `must be ${quoteList(names)}`,
      })
      return z.NEVER
    }
    const result = schema.safeParse(entry, PARSE_OPTIONS)
    if (!result.success) {
      // Handed on whole (code, keys, path), so they read like any other issue of the file.
      for (const issue of result.error.issues) context.issues.push(issue as z.core.$ZodRawIssue)
      return z.NEVER
    }
    return { ...result.data, type } as ProviderEntryOf<Kinds[number]>
  })
}

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

export type ProvidersFileOutline = z.output<typeof providersFileOutlineSchema>

/** The whole file, checked at once (entries whose names clash are reported at the second). */
export function providersFileSchemaFor<Entry extends { name: string }>(
  entrySchema: z.ZodType<Entry, unknown>,
) {
  return strictObject({
    providers: z
      .array(entrySchema)
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
}
