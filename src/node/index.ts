// The Node adapters: loading settings, personas and templates from files (with file:line errors).
export { ConfigError } from './config/config-error.js'
export type { ConfigErrorLocation } from './config/config-error.js'
export {
  formatIssue,
  loadYamlFile,
  locate,
  readYamlSource,
  validateYaml,
} from './config/yaml-file.js'
export type { Position, ValidateOptions, YamlSource } from './config/yaml-file.js'
export { parseYamlText } from './config/yaml-parse.js'
export {
  bundledDir,
  findProjectRoot,
  packageRoot,
  PROJECT_CONFIG_FILE,
  userConfigDir,
} from './config/paths.js'
export { loadPersonas, loadTemplates, PARTICIPANTS_FILE, Registry } from './config/registry.js'
export type {
  ConfigSource,
  Origin,
  PersonaEntry,
  PersonaRegistry,
  RegistryDirs,
  TemplateEntry,
  TemplateRegistry,
} from './config/registry.js'
export {
  loadConfig,
  mergeSettings,
  PROJECT_DATA_DIR,
  registryDirs,
  USER_CONFIG_FILES,
} from './config/load-config.js'
export type { LoadConfigOptions, LoadedConfig } from './config/load-config.js'
// Providers: loading providers.yaml, the adapters, detection and project trust.
export { loadProviders, PROVIDERS_FILE } from './providers/load-providers.js'
export type {
  LoadedProviders,
  LoadProvidersOptions,
  ProviderEntry,
  ProviderSource,
} from './providers/load-providers.js'
export { chainFor, providerCaller } from './providers/provider-caller.js'
export { createCommandProvider } from './providers/command-provider.js'
export type { CommandProviderOptions } from './providers/command-provider.js'
export { createOpenAIProvider } from './providers/openai-provider.js'
export { createAnthropicProvider } from './providers/anthropic-provider.js'
export { createGeminiProvider } from './providers/gemini-provider.js'
export { createOllamaProvider } from './providers/ollama-provider.js'
export { PROVIDER_KINDS } from './providers/kinds/index.js'
export type { ProviderConfig, ProviderKindModule } from './providers/kinds/index.js'
export { detectProviders } from './providers/detect.js'
export type { DetectedProvider } from './providers/detect.js'
export { isTrusted, revokeTrust, trustProject, trustedProjects } from './providers/trust.js'
