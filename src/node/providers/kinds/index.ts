/**
 * The registry of provider kinds: one module a kind in this folder. A new kind is a new module
 * here, listed below, and its name in core's `PROVIDER_KIND_NAMES`; the compiler checks
 * the two lists match (both ways), and the schema of providers.yaml, the CLI's lists and the docs'
 * table of kinds all derive from this record.
 */
import type * as z from 'zod'

import { builtOnFirstUse } from '../../../core/config/built-on-first-use.js'
import type { ProviderEntryOf, ProvidersFileOutline } from '../../../core/providers/schema.js'
import { PROVIDER_KIND_NAMES } from '../../../core/providers/kind-names.js'
import type { ProviderKindName } from '../../../core/providers/kind-names.js'
import type { LazySchema } from '../../config/check-cache.js'
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

/**
 * The schemas of providers.yaml, imported only when a file must be checked: a command whose
 * providers.yaml was checked before (node/config/check-cache.ts) loads no schema and no zod.
 */
const schemas = () => import('../../../core/providers/schema.js')

/** One `providers:` entry, checked against its kind's keys. */
export const providerEntrySchema: () => Promise<z.ZodType<ProviderConfig, unknown>> =
  builtOnFirstUse(() => schemas().then((loaded) => loaded.providerEntrySchemaFor(PROVIDER_KINDS)))

/** A whole providers.yaml (for tools and tests that check a file at once). */
export async function providersFileSchema() {
  const [loaded, entry] = await Promise.all([schemas(), providerEntrySchema()])
  return loaded.providersFileSchemaFor(entry)
}

/** The checks load-providers.ts makes, kept by build. */
export const PROVIDERS_OUTLINE_SCHEMA: LazySchema<ProvidersFileOutline> = {
  name: 'providers-outline',
  load: async () => (await schemas()).providersFileOutlineSchema(),
}
export const PROVIDER_ENTRY_SCHEMA: LazySchema<ProviderConfig> = {
  name: 'provider-entry',
  load: providerEntrySchema,
}

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
