/**
 * The registry of provider kinds: one module a kind in this folder. A new kind is a new module
 * here, listed below, and its name in core's `PROVIDER_KIND_NAMES`; the compiler checks
 * the two lists match (both ways), and the schema of providers.yaml, the CLI's lists and the docs'
 * table of kinds all derive from this record.
 */
import type * as z from 'zod'

import { providerEntrySchemaFor, providersFileSchemaFor } from '../../../core/providers/schema.js'
import type { ProviderEntryOf } from '../../../core/providers/schema.js'
import { PROVIDER_KIND_NAMES } from '../../../core/providers/kind-names.js'
import type { ProviderKindName } from '../../../core/providers/kind-names.js'
import { anthropicKind } from './anthropic.js'
import { commandKind } from './command.js'
import { demoKind } from './demo.js'
import { geminiKind } from './gemini.js'
import type {
  BuildContext,
  BuiltProvider,
  ProbeContext,
  ProviderKindModule,
  Usability,
} from './kind.js'
import { ollamaKind } from './ollama.js'
import { openaiKind } from './openai.js'

/**
 * Every kind core names, each by its own module: a kind missing here, one core does not list,
 * or a module filed under another kind's name does not compile.
 */
const KINDS = {
  command: commandKind,
  openai: openaiKind,
  anthropic: anthropicKind,
  gemini: geminiKind,
  ollama: ollamaKind,
  demo: demoKind,
} satisfies { [Kind in ProviderKindName]: ProviderKindModule<Kind> }

type Kinds = typeof KINDS

/** The kinds, in core's order (the order lists and messages use). */
export const PROVIDER_KINDS: readonly Kinds[ProviderKindName][] = PROVIDER_KIND_NAMES.map(
  (kind) => KINDS[kind],
)

/** A providers.yaml entry of any kind, as read (`type` always set). */
export type ProviderConfig = {
  [Kind in ProviderKindName]: ProviderEntryOf<Kinds[Kind]>
}[ProviderKindName]

/** One `providers:` entry, checked against its kind's keys. */
export const providerEntrySchema: z.ZodType<ProviderConfig, unknown> =
  providerEntrySchemaFor(PROVIDER_KINDS)

/** A whole providers.yaml (for tools and tests that check a file at once). */
export const providersFileSchema = providersFileSchemaFor(providerEntrySchema)

/** A kind's operations, bound to one entry of that kind. */
export interface EntryKind {
  module: ProviderKindModule
  keyVariables(): string[]
  build(context: BuildContext): BuiltProvider
  probe(built: BuiltProvider, context: ProbeContext): Usability | Promise<Usability>
  describe(): string
}

/**
 * The module of `config`'s kind, bound to it. TypeScript cannot correlate a union of configs with
 * the record's union of modules, so this is the one place that says they match, which the
 * record's type above guarantees (each module is filed under its own kind).
 */
export function kindOf(config: ProviderConfig): EntryKind {
  const module = KINDS[config.type] as ProviderKindModule
  const entry = config as never
  return {
    module,
    keyVariables: () => module.keyVariables(entry),
    build: (context) => module.build(entry, context),
    probe: (built, context) => module.probe(entry, built, context),
    describe: () => module.describe(entry),
  }
}

export type { ProviderKindName }
export type {
  BuildContext,
  BuiltProvider,
  DetectContext,
  DetectedProvider,
  ProbeContext,
  ProviderKindModule,
  Usability,
} from './kind.js'
