/**
 * The folders a person opened before, most recent first, kept in a small JSON file that is
 * replaced whole through the durable write (temp file, fsync, rename): a crash mid-write leaves
 * the old list, never half a list.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { ensureFolderInside, replaceDurably } from './durable-write.js'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-state.js'

export const MAX_RECENT = 10

export class RecentFolders {
  constructor(private readonly file: string) {}

  /** The list kept in the app's state folder (`recent-folders.json`). */
  static inStateFolder(stateFolder: string): RecentFolders {
    return new RecentFolders(join(stateFolder, 'recent-folders.json'))
  }

  async list(): Promise<string[]> {
    try {
      const data = JSON.parse(await readFile(this.file, 'utf8')) as unknown
      if (!Array.isArray(data)) return []
      return data.filter((item): item is string => typeof item === 'string').slice(0, MAX_RECENT)
    } catch {
      return [] // absent or unreadable: start a new list rather than fail the app
    }
  }

  async add(folder: string): Promise<string[]> {
    const list = [folder, ...(await this.list()).filter((item) => item !== folder)].slice(
      0,
      MAX_RECENT,
    )
    try {
      const folder = dirname(this.file)
      await ensureFolderInside(folder, folder, { mode: PRIVATE_FOLDER_MODE })
      await replaceDurably(this.file, `${JSON.stringify(list, null, 2)}\n`, folder, {
        sync: false,
        mode: PRIVATE_FILE_MODE,
      })
    } catch {
      // Remembering is a convenience: a read-only state folder must not stop the folder opening.
    }
    return list
  }
}
