/**
 * The state folder is the user's alone. What it holds (locks, the append journal, the tail cache)
 * is trusted by our processes, so another user who can write into it could forge what they read,
 * and one who can read it sees which discussions the user works on. So before first use:
 * - the folder is made 0700 when missing, and a folder of ours that others may only read (as
 *   earlier versions left it) is made 0700;
 * - a folder that belongs to another user or that another user can write to is refused, never
 *   used, and so is one under a folder another user can write to without the sticky bit (they
 *   could rename it away and put their own in its place);
 * - the folders made inside it are 0700, the files 0600 (the writers pass the mode).
 * Checked once per folder and process. Windows keeps permissions in ACLs that Node does not read;
 * there the folder is only made.
 */
import { chmod, lstat, mkdir, realpath, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { DiscussionError } from '../../core/errors.js'
import { ensureFolderInside } from '../files/folder-inside.js'

export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

export class StateFolderError extends DiscussionError {}

const WRITABLE_BY_OTHERS = 0o022
const WRITABLE_BY_ANYONE = 0o002
const STICKY = 0o1000
const ROOT_UID = 0

const octal = (mode: number): string => `0${(mode & 0o7777).toString(8)}`

function refusal(folder: string, why: string): StateFolderError {
  return new StateFolderError(
    `The state folder ${folder} ${why}, so it is not used (another user could forge the locks and caches kept there). Use a folder only you can write, for example DISCUSSIONS_STATE_DIR=$HOME/.local/state/discussions.`,
  )
}

/** Checks one folder of the state folder (the root or one inside it) and makes it 0700. */
async function checkOwnFolder(folder: string, shown: string, uid: number): Promise<void> {
  const stats = await stat(folder)
  if (!stats.isDirectory()) throw refusal(shown, `(${folder}) is not a folder`)
  if (stats.uid !== uid)
    throw refusal(shown, `(${folder}) belongs to another user (uid ${stats.uid})`)
  if (stats.mode & WRITABLE_BY_OTHERS)
    throw refusal(shown, `(${folder}) can be written by other users (mode ${octal(stats.mode)})`)
  if (stats.mode & 0o077) await chmod(folder, PRIVATE_FOLDER_MODE)
}

/** The folders above: none may be another user's, or writable by anyone without the sticky bit. */
async function checkFoldersAbove(real: string, shown: string, uid: number): Promise<void> {
  for (let dir = dirname(real); ; dir = dirname(dir)) {
    const stats = await stat(dir)
    if (stats.uid !== uid && stats.uid !== ROOT_UID)
      throw refusal(shown, `is inside ${dir}, which belongs to another user (uid ${stats.uid})`)
    if (stats.mode & WRITABLE_BY_ANYONE && !(stats.mode & STICKY))
      throw refusal(
        shown,
        `is inside ${dir}, which anyone can write to (mode ${octal(stats.mode)})`,
      )
    if (dirname(dir) === dir) return
  }
}

async function verify(stateDir: string): Promise<void> {
  await mkdir(stateDir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  if (typeof process.getuid !== 'function') return
  const uid = process.getuid()
  const real = await realpath(stateDir)
  await checkOwnFolder(real, stateDir, uid)
  await checkFoldersAbove(real, stateDir, uid)
}

const verified = new Map<string, Promise<void>>()

/** Makes the state folder if need be and checks it is private (see above), once per process. */
export function requirePrivateStateDir(stateDir: string): Promise<void> {
  let check = verified.get(stateDir)
  if (!check) {
    check = verify(stateDir)
    // A refusal is said again next time, once the folder may have been fixed.
    check.catch(() => verified.delete(stateDir))
    verified.set(stateDir, check)
  }
  return check
}

/** A folder inside the state folder (`parts`), made 0700 and checked; returns its path. */
export async function privateStateFolder(stateDir: string, ...parts: string[]): Promise<string> {
  await requirePrivateStateDir(stateDir)
  const folder = join(stateDir, ...parts)
  if (parts.length === 0 || typeof process.getuid !== 'function') {
    await ensureFolderInside(folder, stateDir, { mode: PRIVATE_FOLDER_MODE })
    return folder
  }
  const uid = process.getuid()
  // Inside a private state folder, only the user can have made it: one look is enough when it
  // is already as it should be (this runs on every append).
  const stats = await lstat(folder).catch(() => null)
  if (stats?.isDirectory() && stats.uid === uid && (stats.mode & 0o077) === 0) return folder
  await ensureFolderInside(folder, stateDir, { mode: PRIVATE_FOLDER_MODE })
  await checkOwnFolder(folder, stateDir, uid)
  return folder
}
