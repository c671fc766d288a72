import { homedir } from 'node:os'
import { join } from 'node:path'

import { folderSetting } from '../files/folder-setting.js'
import { HOST_PLATFORM, processEnv } from '../host.js'

/**
 * Where our processes keep their own state (locks, append journals, tail caches): never beside the
 * user's files. `$DISCUSSIONS_STATE_DIR`, else `$XDG_STATE_HOME/discussions`, else the platform's
 * usual place. A relative value of either is ignored (see folder-setting.ts); the folder itself is
 * made and checked private before use (private-state.ts).
 */
export function stateDir(
  env: NodeJS.ProcessEnv = processEnv(),
  platform: NodeJS.Platform = HOST_PLATFORM,
  home: string = homedir(),
): string {
  const own = folderSetting(env, 'DISCUSSIONS_STATE_DIR', platform)
  if (own) return own
  const xdg = folderSetting(env, 'XDG_STATE_HOME', platform)
  if (xdg) return join(xdg, 'discussions')
  if (platform === 'darwin')
    return join(home, 'Library', 'Application Support', 'discussions', 'state')
  if (platform === 'win32') {
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'discussions', 'state')
  }
  return join(home, '.local', 'state', 'discussions')
}
