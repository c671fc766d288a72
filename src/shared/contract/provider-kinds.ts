/**
 * The provider kinds, as the app shows them. The contract owns its wire, so this is its own copy
 * of core's list (src/core/providers/kind-names.ts): the backend's providers handler does not
 * compile when core names a kind this list lacks, and a test holds the two lists equal. A plain
 * list, so the CLI, which needs only the names, builds none of the contract's schemas.
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
