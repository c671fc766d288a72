/**
 * What a provider kind is: one module (this folder, one file a kind) supplying everything the
 * rest of the program needs to know about it — the keys its providers.yaml entries take, how an
 * entry becomes a Provider, the key variables it reads, whether it can answer now (and if not,
 * what to do), what of it this machine already has, and how the docs describe it. The registry
 * (index.ts) lists the kinds; schema, contract, CLI and docs derive from it.
 */
import type { z } from 'zod'

import type { DemoOptions } from '../../../core/providers/demo.js'
import type { Provider } from '../../../core/providers/port.js'
import type {
  ProviderEntryInputOf,
  ProviderEntryOf,
  ProviderKindSchema,
} from '../../../core/providers/schema.js'

export interface BuildContext {
  /** The user's environment: variables for `$VAR`, keys, and the allow-list's source. */
  env: NodeJS.ProcessEnv
  sleep?: DemoOptions['sleep']
  fetch?: typeof fetch
  /** Where scratch folders for command providers are made. */
  scratchRoot?: string
}

export interface BuiltProvider {
  provider: Provider
  /** The program and arguments a command provider runs (after hardening). */
  argv: string[] | null
  /** Why the entry cannot be called as configured; null when it can. */
  problem: string | null
}

export interface Usability {
  /** null: not checked (offline mode skips the endpoint probes). */
  usable: boolean | null
  why: string
}

export interface ProbeContext {
  env: NodeJS.ProcessEnv
  /** Contact endpoints (false: `--offline`). */
  probe: boolean
  timeoutMs: number
  fetch?: typeof fetch
}

/** Something on this machine a kind can use, with the entry to paste into providers.yaml. */
export interface DetectedProvider {
  name: string
  type: string
  /** What was found: `claude is installed (/usr/local/bin/claude)`. */
  found: string
  entry: { name: string } & Record<string, unknown>
}

export interface DetectContext {
  env: NodeJS.ProcessEnv
  /** Contact local servers (false: `--offline`). */
  probe: boolean
  /** How long a local probe may take: it answers at once or is not there. */
  timeoutMs: number
  fetch?: typeof fetch
}

/** The kind's line in docs/providers.md's table of kinds. */
export interface KindDocs {
  /** What it calls: `Google's Gemini API (streamGenerateContent)`. */
  calls: string
  /** The keys it needs: `model`. */
  needs: string
  /** Where its key comes from: `GEMINI_API_KEY or GOOGLE_API_KEY`, or `none`. */
  key: string
  /** What `providers list` looks for on this machine. */
  detected: string
}

export interface ProviderKindModule<
  Kind extends string = string,
  Fields extends z.core.$ZodLooseShape = z.core.$ZodLooseShape,
> extends ProviderKindSchema<Kind, Fields> {
  /** One line: what a provider of this kind is. */
  description: string
  docs: KindDocs
  /**
   * The variables that may hold this entry's key, in the order they are tried (the first set one
   * is used); every one of them is kept out of messages.
   */
  keyVariables(config: ProviderEntryOf<ProviderKindSchema<Kind, Fields>>): string[]
  build(
    config: ProviderEntryOf<ProviderKindSchema<Kind, Fields>>,
    context: BuildContext,
  ): BuiltProvider
  /**
   * Whether the built entry can answer now: quick, and sends no prompt. A kind that only looks
   * at this machine (a program on PATH) answers at once; one that asks a server, in a promise.
   */
  probe(
    config: ProviderEntryOf<ProviderKindSchema<Kind, Fields>>,
    built: BuiltProvider,
    context: ProbeContext,
  ): Usability | Promise<Usability>
  /** What this machine has of this kind, as ready-to-paste entries (at once or in a promise). */
  detect(
    context: DetectContext,
  ): DetectedEntry<Kind, Fields>[] | Promise<DetectedEntry<Kind, Fields>[]>
  /** What an entry calls, in a few words: `gemini-2.5-flash at the gemini API`. */
  describe(config: ProviderEntryOf<ProviderKindSchema<Kind, Fields>>): string
  /** How `providers list` names what to install or set when nothing is found: `set GEMINI_API_KEY`. */
  setupHint: string
}

export interface DetectedEntry<
  Kind extends string,
  Fields extends z.core.$ZodLooseShape,
> extends Omit<DetectedProvider, 'entry' | 'type'> {
  entry: ProviderEntryInputOf<ProviderKindSchema<Kind, Fields>>
}

/** Declares a kind, keeping its literal name and its fields' types for the registry. */
export function defineKind<const Kind extends string, Fields extends z.core.$ZodLooseShape>(
  module: ProviderKindModule<Kind, Fields>,
): ProviderKindModule<Kind, Fields> {
  return module
}

/** The first key variable that is set, with its value. */
export function keyFrom(
  names: readonly string[],
  env: NodeJS.ProcessEnv,
): { name: string; value: string } | null {
  for (const name of names) {
    const value = env[name]
    if (value) return { name, value }
  }
  return null
}

/** `GEMINI_API_KEY or GOOGLE_API_KEY is not set`, and where to say which one to use. */
export function missingKeyMessage(names: readonly string[]): string {
  return `${names.join(' or ')} ${names.length > 1 ? 'are' : 'is'} not set`
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
