import { homedir } from 'node:os'
import { join } from 'node:path'
import { HOST_PLATFORM, processEnv } from '../host.js'

/**
 * Where our processes keep their own state (locks, append journals, tail caches): never beside the
 * user's files. `$DISCUSSIONS_STATE_DIR`, else `$XDG_STATE_HOME/discussions`, else the platform's
 * usual place.
 */
export function stateDir(
  env: NodeJS.ProcessEnv = processEnv(),
  platform: NodeJS.Platform = HOST_PLATFORM,
  home: string = homedir(),
): string {
  if (env.DISCUSSIONS_STATE_DIR) return env.DISCUSSIONS_STATE_DIR
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'discussions')
  if (platform === 'darwin')
    return join(home, 'Library', 'Application Support', 'discussions', 'state')
  if (platform === 'win32') {
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'discussions', 'state')
  }
  return join(home, '.local', 'state', 'discussions')
}
