import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import { runDiscussions } from './run-cli.js'
import type { CliRun } from './run-cli.js'
import { tempFolder } from './temp.js'

/**
 * A fresh project (its own settings, state and code cache) and a way to run the real bin in it,
 * for journeys run twice: cold, then warm on the caches the first pass left.
 */
export async function binProject(): Promise<{
  root: string
  run: (args: string[], input?: string) => Promise<CliRun>
}> {
  const root = await tempFolder()
  await mkdir(join(root, '.git'))
  const env = {
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_CODE_CACHE: join(root, '.code-cache'),
    DISCUSSIONS_USER: 'Rob',
  }
  return {
    root,
    run: (args, input) =>
      runDiscussions(args, { cwd: root, env, ...(input === undefined ? {} : { input }) }),
  }
}
