/**
 * The one folder an MCP server serves. Every path a client names is read relative to it and must
 * lie inside it after links are followed, so `..`, an absolute path elsewhere or a link leading
 * out reach nothing; paths go back to the client relative to it, never as this machine's paths.
 */
import { stat } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'

import { DiscussionError } from '../core/errors.js'
import {
  isBelow,
  isInside,
  NotADiscussionError,
  openEngine,
  realLocation,
  requireDiscussionFile,
} from '../node/engine/index.js'
import type { Engine } from '../node/engine/index.js'

export class ServedFolder {
  private constructor(
    /** The folder's real path. */
    readonly root: string,
    /** The engine of the folder's project: its settings, personas, templates and providers. */
    readonly engine: Engine,
  ) {}

  /** Opens the engine for `folder`; refuses a folder that is missing or not a folder. */
  static async open(folder: string, env: NodeJS.ProcessEnv): Promise<ServedFolder> {
    const { real, exists } = await realLocation(folder)
    if (!exists) throw new DiscussionError(`${folder}: no such folder.`)
    if (!(await stat(real)).isDirectory())
      throw new DiscussionError(`${folder}: is not a folder; give the folder of the discussions.`)
    return new ServedFolder(real, await openEngine({ cwd: real, env }))
  }

  /** `path` as the client sees it: relative to the folder, with `/` between names. */
  shown(path: string): string {
    if (!isBelow(this.root, path)) return path === this.root ? '.' : path
    return relative(this.root, path).split(sep).join('/')
  }

  /** Where `path` (relative to the folder, or absolute) really is; refused outside the folder. */
  async locate(path: string): Promise<{ real: string; exists: boolean }> {
    if (path.trim() === '')
      throw new DiscussionError('The path is empty; give a file in the folder.')
    if (path.includes('\0')) throw new DiscussionError('The path holds a NUL character.')
    const location = await realLocation(isAbsolute(path) ? path : resolve(this.root, path))
    // Outside, missing and present read alike out there: a client must not probe the disk.
    if (!isInside(this.root, location.real))
      throw new DiscussionError(
        `${path}: outside the folder this server serves; give a path inside it, relative to it (list_discussions shows them).`,
      )
    return location
  }

  /** A plain file inside the folder (not a folder, FIFO or device, which reading could hang on). */
  async file(path: string): Promise<string> {
    const { real, exists } = await this.locate(path)
    if (!exists)
      throw new DiscussionError(`${path}: no such file. list_discussions shows the discussions.`)
    if (!(await stat(real)).isFile()) throw new DiscussionError(`${path}: is not a file.`)
    return real
  }

  /** A discussion file inside the folder: one whose first line is the discussion marker. */
  async discussion(path: string): Promise<string> {
    const real = await this.file(path)
    try {
      await requireDiscussionFile(real, path)
    } catch (error) {
      if (error instanceof NotADiscussionError)
        throw new DiscussionError(
          `${path} is not a discussion (it has no <!-- DISCUSSION --> first line); list_discussions shows the discussions, create_discussion starts one.`,
        )
      throw error
    }
    return real
  }

  /** A folder inside the served one, for listing and creating; default: the discussions folder. */
  async folder(path: string | undefined): Promise<string> {
    if (path === undefined) return this.discussionsFolder()
    if (path.trim() === '' || path.trim() === '.') return this.root
    const { real, exists } = await this.locate(path)
    if (!exists || !(await stat(real)).isDirectory())
      throw new DiscussionError(`${path}: no such folder inside the served one.`)
    return real
  }

  /**
   * Where new discussions go: the project's discussions folder (`output.directory`) when it lies
   * inside the served folder, links followed (it may not exist yet), else the served folder.
   */
  async discussionsFolder(): Promise<string> {
    const { real } = await realLocation(this.engine.discussionsDir)
    return isBelow(this.root, real) ? real : this.root
  }

  /** The folders whose discussions the server lists: the served one, and its discussions folder. */
  async listedFolders(): Promise<string[]> {
    return [...new Set([this.root, await this.discussionsFolder()])]
  }
}
