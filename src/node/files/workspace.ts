/**
 * The workspace: the folders the person opened. Every path a request names is resolved to its real
 * path (symlinks followed) and must lie inside one of them, so a request cannot reach a file
 * elsewhere through `..` or a link.
 */
import { realpath, stat } from 'node:fs/promises'
import { dirname, isAbsolute, resolve } from 'node:path'

import { DiscussionError } from '../../core/errors.js'
import type { RecentFolders } from '../store/recent-folders.js'
import { isInside, realLocation } from './is-inside.js'
import { outsideRefusal } from './write-target.js'

/** A path a request named that the workspace refuses; the message says why and what to do. */
export class WorkspaceError extends DiscussionError {
  override readonly name = 'WorkspaceError'
}

export interface WorkspaceState {
  /** The open folders, the first one opened first. */
  folders: string[]
  /** The folders opened before, most recent first. */
  recent: string[]
}

async function realFolder(folder: string): Promise<string> {
  let real: string
  try {
    real = await realpath(resolve(folder))
  } catch {
    throw new WorkspaceError(`${folder}: no such folder.`)
  }
  if (!(await stat(real)).isDirectory()) throw new WorkspaceError(`${folder}: is not a folder.`)
  return real
}

export class Workspace {
  readonly #folders: string[] = []
  #confined = false

  constructor(
    private readonly recent: RecentFolders,
    /** Awaited, so a folder is watched from the moment `open` returns. */
    private readonly onOpen: (folder: string) => void | Promise<void> = () => {},
  ) {}

  /** The open folders, the first one opened first. */
  get folders(): readonly string[] {
    return this.#folders
  }

  /**
   * From now on only the open folders and their subfolders may be opened: the browser mode serves
   * the folder given on the command line, never the rest of the disk.
   */
  confine(): void {
    this.#confined = true
  }

  /** Opens a folder (idempotent) and remembers it among the recent ones; returns its real path. */
  async open(folder: string): Promise<string> {
    const inside = (path: string): boolean => this.#folders.some((open) => isInside(open, path))
    const refusal = (): WorkspaceError =>
      new WorkspaceError(
        `${folder}: this app serves only ${this.#folders.join(', ')} and its subfolders; run \`discussions ui --web\` on the other folder instead.`,
      )
    let real: string
    try {
      real = await realFolder(folder)
    } catch (error) {
      // Outside, "missing" and "refused" read the same: probing must not reveal folders.
      if (this.#confined && !inside((await realLocation(folder)).real)) throw refusal()
      throw error
    }
    if (this.#confined && !inside(real)) throw refusal()
    if (!this.#folders.includes(real)) {
      this.#folders.push(real)
      await this.onOpen(real)
    }
    await this.recent.add(real)
    return real
  }

  async state(): Promise<WorkspaceState> {
    const recent = await this.recent.list()
    return {
      folders: [...this.#folders],
      // A confined workspace does not name the other folders this person opened.
      recent: this.#confined
        ? recent.filter((entry) => this.#folders.some((open) => isInside(open, entry)))
        : recent,
    }
  }

  /** The real path of an existing file or folder inside the workspace; refuses anything else. */
  async resolveInside(path: string): Promise<{ path: string; folder: string }> {
    if (!isAbsolute(path)) throw new WorkspaceError(`${path}: give an absolute path.`)
    // A missing path is placed where the links on its way lead, so "no such file" is only said
    // inside: under a linked folder that leads out, missing and present files read alike.
    const { real, exists } = await realLocation(resolve(path))
    const folder = this.#folders.find((candidate) => isInside(candidate, real))
    if (folder && !exists) throw new WorkspaceError(`${path}: no such file.`)
    if (!folder) {
      // Named inside an open folder, but a link on the way leads out: the refusal names it.
      const named = this.#folders.find((candidate) => isInside(candidate, resolve(path)))
      if (named) throw new WorkspaceError((await outsideRefusal(path, named, 'opened')).message)
      throw new WorkspaceError(
        `${path}: is outside the open folders. Open its folder first (${this.#folders.length} open).`,
      )
    }
    return { path: real, folder }
  }

  /** Like `resolveInside`, for a folder: a file's own folder when `path` names a file. */
  async resolveFolder(path: string): Promise<{ path: string; folder: string }> {
    const inside = await this.resolveInside(path)
    if ((await stat(inside.path)).isDirectory()) return inside
    return { path: dirname(inside.path), folder: inside.folder }
  }

  /** The folder a request without one means: the first one opened. */
  defaultFolder(): string {
    const [first] = this.#folders
    if (first === undefined) throw new WorkspaceError('No folder is open yet: open one first.')
    return first
  }
}
