/**
 * What the authoring commands share: the project's configuration, the persona and template
 * registries and the file store, loaded once per command from the working folder and environment.
 */
import { userInfo } from 'node:os'
import { isAbsolute, resolve } from 'node:path'

import type { DiscussionsConfig } from '../core/config/schema.js'
import { loadConfig, registryDirs } from '../node/config/load-config.js'
import { loadPersonas, loadTemplates } from '../node/config/registry.js'
import type { PersonaRegistry, TemplateRegistry } from '../node/config/registry.js'
import { DiscussionFileStore } from '../node/store/discussion-store.js'
import { stateDir } from '../node/store/state-dir.js'
import type { CliIO } from './io.js'

export interface CliContext {
  config: DiscussionsConfig
  projectRoot: string | null
  store: DiscussionFileStore
  personas: () => Promise<PersonaRegistry>
  templates: () => Promise<TemplateRegistry>
  /** The folder new discussions go to and `list` reads by default. */
  discussionsDir: string
  /** The name a human comment is signed with when --author is not given. */
  userName: string
}

export async function loadCliContext(
  io: CliIO,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliContext> {
  // Configuration errors propagate as ConfigError; the CLI prints them as one line with exit 2.
  const { config, projectRoot } = await loadConfig({ cwd: io.cwd, env })
  const dirs = registryDirs(projectRoot, env)
  const base = projectRoot ?? io.cwd
  const output = config.output.directory
  return {
    config,
    projectRoot,
    store: new DiscussionFileStore({ stateDir: stateDir(env) }),
    personas: () => loadPersonas(dirs),
    templates: () => loadTemplates(dirs),
    discussionsDir: isAbsolute(output) ? output : resolve(base, output),
    userName: config.user.name ?? env.DISCUSSIONS_USER ?? safeUserName(),
  }
}

function safeUserName(): string {
  try {
    return userInfo().username || 'Human'
  } catch {
    return 'Human'
  }
}

/** Resolves a FILE argument against the working folder. */
export function resolveFile(io: CliIO, file: string): string {
  return resolve(io.cwd, file)
}
