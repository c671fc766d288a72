/**
 * What the workflow modules run on: one working folder's settings, registries and store, and the
 * few reads several workflows share. `Engine` is one; the modules take this interface rather than
 * the class, so they never import the engine that imports them.
 */
import type { DiscussionsConfig } from '../../core/config/schema.js'
import type { DiscussionStatus } from '../../core/discussion/status.js'
import type { PersonaRegistry, TemplateEntry, TemplateRegistry } from '../config/registry.js'
import type { LoadedProviders } from '../providers/load-providers.js'
import type { DiscussionFileStore } from '../store/discussion-store.js'
import type { LoadedDiscussion } from './engine-types.js'

export interface EngineContext {
  readonly config: DiscussionsConfig
  readonly projectRoot: string | null
  readonly store: DiscussionFileStore
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  /** The folder new discussions go to and `list` reads by default. */
  readonly discussionsDir: string
  /** The name a human comment is signed with unless the person gives another. */
  readonly userName: string
  personas(): Promise<PersonaRegistry>
  templates(): Promise<TemplateRegistry>
  /** One template by name or alias (undefined: unknown or broken), reading only what it needs. */
  template(name: string): Promise<TemplateEntry | undefined>
  /** Like `template`, but an unknown name or a broken file throws its ConfigError. */
  requireTemplate(name: string): Promise<TemplateEntry>
  /** The configured providers, loaded once. */
  providers(): Promise<LoadedProviders>
  load(path: string): Promise<LoadedDiscussion>
  /** Refuses a file that is missing, is not a discussion, or cannot be written; its path. */
  requireWritableDiscussion(path: string, options?: { folder?: boolean }): Promise<string>
  status(loaded: LoadedDiscussion): Promise<DiscussionStatus>
}
