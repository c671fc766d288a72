/**
 * The provider kinds, as the app shows them. The node layer's registry of kinds
 * (src/node/providers/kinds) is checked against this list when it compiles, both ways: a kind
 * without a module, or a module the contract does not list, is a compile error there. A plain
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
