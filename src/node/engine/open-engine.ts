/** Opening the engine for a working folder: its configuration (found from there) and its store. */
import { loadConfig } from '../config/load-config.js'
import { processCwd, processEnv } from '../host.js'
import { MEGABYTE } from '../store/discussion-file.js'
import { DiscussionFileStore } from '../store/discussion-store.js'
import { stateDir } from '../store/state-dir.js'
import { Engine } from './engine.js'
import type { EngineOptions } from './engine-types.js'

export async function openEngine(options: EngineOptions = {}): Promise<Engine> {
  const cwd = options.cwd ?? processCwd()
  const env = options.env ?? processEnv()
  const { config, projectRoot, files } = await loadConfig({ cwd, env })
  return new Engine(
    config,
    projectRoot,
    new DiscussionFileStore({
      stateDir: stateDir(env),
      // A discussion's reads and writes stay inside the project (or the working folder).
      root: projectRoot ?? cwd,
      maxBytes: config.limits.discussion_mb * MEGABYTE,
    }),
    cwd,
    env,
    files,
  )
}
