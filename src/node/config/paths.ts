/**
 * Where settings, personas and templates live: the user's config folder, the project (found by
 * walking up from the working folder) and the folders bundled with this package.
 */
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, posix, win32 } from 'node:path'
import { folderSetting } from '../files/folder-setting.js'
import { HOST_PLATFORM, processEnv } from '../host.js'

export const PACKAGE_NAME = 'orchestrated-discussions'

/** The project's settings file; its folder is the project root. */
export const PROJECT_CONFIG_FILE = 'discussions.yaml'

/**
 * The user's config folder: `$DISCUSSIONS_CONFIG_DIR`, else `$XDG_CONFIG_HOME/discussions`, else
 * the platform's usual place (`~/.config/discussions`, `~/Library/Application Support/discussions`,
 * `%APPDATA%\discussions`).
 */
export function userConfigDir(
  env: NodeJS.ProcessEnv = processEnv(),
  platform: NodeJS.Platform = HOST_PLATFORM,
  home: string = homedir(),
): string {
  // A relative value is ignored (folder-setting.ts): it would make a cloned repository's own
  // folder the user's trusted settings.
  const own = folderSetting(env, 'DISCUSSIONS_CONFIG_DIR', platform)
  if (own) return own
  // The platform's own path rules, so the answer is right even when asked from another one.
  const path = platform === 'win32' ? win32 : posix
  const xdg = folderSetting(env, 'XDG_CONFIG_HOME', platform)
  if (xdg) return path.join(xdg, 'discussions')
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'discussions')
  if (platform === 'win32') {
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'discussions')
  }
  return path.join(home, '.config', 'discussions')
}

/**
 * The project a folder belongs to: the nearest folder, from `cwd` up, that holds
 * `discussions.yaml` or `.git`; null when there is none.
 */
export function findProjectRoot(cwd: string): string | null {
  let dir = cwd
  for (;;) {
    if (existsSync(join(dir, PROJECT_CONFIG_FILE)) || existsSync(join(dir, '.git'))) return dir
    const parent = dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
}

let cachedPackageRoot: string | undefined

/**
 * This package's own folder, found by walking up from this file: the same code runs from
 * src/node/config (tests, tsx), dist/lib/node/config (the library) and a bundle in out/.
 */
export function packageRoot(): string {
  if (cachedPackageRoot !== undefined) return cachedPackageRoot
  let dir = import.meta.dirname
  for (;;) {
    if (isOurPackage(join(dir, 'package.json'))) return (cachedPackageRoot = dir)
    const parent = dirname(dir)
    if (parent === dir) {
      throw new Error(
        `Cannot find the ${PACKAGE_NAME} package folder above ${import.meta.dirname}.`,
      )
    }
    dir = parent
  }
}

function isOurPackage(file: string): boolean {
  if (!existsSync(file)) return false
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME
  } catch {
    return false
  }
}

/** The personas or templates that ship with the package. */
export function bundledDir(kind: 'personas' | 'templates'): string {
  return join(packageRoot(), kind)
}
