/**
 * The provider operations the CLI's and the app's provider views use besides running calls:
 * what each entry calls, whether it can answer now, what this machine has, and the YAML to paste.
 */
export { detectedYaml, detectProviders, entryYaml, setupHints } from '../providers/detect.js'
export type { DetectedProvider } from '../providers/detect.js'
export { loadProviders } from '../providers/load-providers.js'
export type { LoadedProviders, ProviderEntry } from '../providers/load-providers.js'
export { revokeTrust, trustProject } from '../providers/trust.js'
export { providerStatuses } from '../providers/usable.js'
export type { ProviderStatus, Usability } from '../providers/usable.js'
/** How long a provider test took: a monotonic clock. */
export { monotonicMs } from '../host.js'
import { kindOf } from '../providers/kinds/index.js'
import type { ProviderEntry } from '../providers/load-providers.js'

/** What an entry calls, in a few words: its command line, or its model and address. */
export function describeEntry(entry: ProviderEntry): string {
  if (entry.argv) return entry.argv.join(' ')
  return entry.config ? kindOf(entry.config).describe() : entry.kind
}
