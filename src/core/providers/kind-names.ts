/**
 * The provider kinds. The registry of kinds (src/node/providers/kinds) is checked against this
 * list when it compiles, both ways: a kind without a module, or a module this list does not name,
 * is a compile error there. The contract (src/shared/contract/provider-kinds.ts) keeps its own
 * copy for the wire, and a test holds the two equal. A plain list, so the CLI, which needs only
 * the names, builds no schema.
 */
export const PROVIDER_KIND_NAMES = [
  'command',
  'openai',
  'anthropic',
  'gemini',
  'ollama',
  'demo',
] as const

export type ProviderKindName = (typeof PROVIDER_KIND_NAMES)[number]
