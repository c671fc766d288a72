/**
 * Environment settings that name one of our folders. The XDG Base Directory specification says a
 * relative path in an XDG_* variable is invalid and must be ignored; ours follow the same rule. A
 * relative value would name a different folder in every working folder: in a cloned repository,
 * a folder the repository ships, which then passed for the user's own state or settings.
 */
import { posix, win32 } from 'node:path'

import { HOST_PLATFORM } from '../host.js'

/** The settings read as folders: each is ignored, with a warning, when it is relative. */
export const FOLDER_SETTINGS = [
  'DISCUSSIONS_STATE_DIR',
  'XDG_STATE_HOME',
  'DISCUSSIONS_CONFIG_DIR',
  'XDG_CONFIG_HOME',
] as const

export type FolderSetting = (typeof FOLDER_SETTINGS)[number]

const isAbsoluteOn = (platform: NodeJS.Platform, path: string): boolean =>
  (platform === 'win32' ? win32 : posix).isAbsolute(path)

/** The setting's folder, or null when it is unset, empty or relative. */
export function folderSetting(
  env: NodeJS.ProcessEnv,
  name: FolderSetting,
  platform: NodeJS.Platform,
): string | null {
  const value = env[name]
  return value && isAbsoluteOn(platform, value) ? value : null
}

/** One warning line for each folder setting that is set but ignored. */
export function ignoredFolderSettings(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = HOST_PLATFORM,
): string[] {
  return FOLDER_SETTINGS.filter((name) => {
    const value = env[name]
    return value !== undefined && value !== '' && !isAbsoluteOn(platform, value)
  }).map(
    (name) =>
      `warning: ${name}=${env[name] ?? ''} is ignored: it must be an absolute path (a relative one would mean another folder in every working folder).`,
  )
}
