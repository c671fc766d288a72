/**
 * Where each ADR flavour keeps its records, as its own tools look for them:
 * - madr: `docs/decisions` in the project;
 * - adr-tools: the folder named in `.adr-dir`, else `doc/adr`, found like `adr` does it, in the
 *   working folder or the nearest folder above it that has one (up to the project's root), else
 *   `doc/adr` in the project;
 * - log4brains: `project.adrFolder` of the project's `.log4brains.yml`, else `docs/adr`.
 * A repository is untrusted: `.adr-dir` and `.log4brains.yml` are read only if they are small
 * plain files, and the folder they name is confined to the project when it is written to.
 */
import { existsSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

import type { AdrFlavor } from '../../core/export/adr-names.js'
import { DiscussionError } from '../../core/errors.js'
import { parseYamlText } from '../config/yaml-parse.js'
import { isInside } from '../files/is-inside.js'
import { readRegularFile } from '../files/read-regular-file.js'

const MAX_SETTING_BYTES = 64 * 1024

/** A setting file of the project (`root`), which it must really be in: a link out is refused. */
function readSetting(file: string, root: string): string | null {
  if (!existsSync(file)) return null
  try {
    return readRegularFile(file, MAX_SETTING_BYTES, { within: root }).toString('utf8')
  } catch (error) {
    throw new DiscussionError(
      `${file}: cannot be read (${error instanceof Error ? error.message : String(error)}).`,
    )
  }
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** The folders from `cwd` up to `root` (both included), nearest first; just `root` if outside. */
function foldersUp(cwd: string, root: string): string[] {
  if (!isInside(root, cwd)) return [root]
  const folders: string[] = []
  let folder = cwd
  for (;;) {
    folders.push(folder)
    if (folder === root || dirname(folder) === folder) break
    folder = dirname(folder)
  }
  return folders
}

function adrToolsFolder(root: string, cwd: string): string {
  for (const folder of foldersUp(cwd, root)) {
    const named = readSetting(join(folder, '.adr-dir'), root)
    if (named !== null) {
      const first = named.split(/\r?\n/)[0]?.trim() ?? ''
      if (first === '')
        throw new DiscussionError(
          `${join(folder, '.adr-dir')}: is empty; it should name the ADR folder.`,
        )
      return resolve(folder, first)
    }
    if (isFolder(join(folder, 'doc', 'adr'))) return join(folder, 'doc', 'adr')
  }
  return join(root, 'doc', 'adr')
}

function log4brainsFolder(root: string): string {
  const file = join(root, '.log4brains.yml')
  const text = readSetting(file, root)
  if (text === null) return join(root, 'docs', 'adr')
  // A syntax error is reported with its line, as for every settings file.
  const settings = parseYamlText(file, text).data
  const folder = (settings as { project?: { adrFolder?: unknown } } | null)?.project?.adrFolder
  return typeof folder === 'string' && folder.trim() !== ''
    ? resolve(root, folder.trim())
    : join(root, 'docs', 'adr')
}

/** The folder a flavour writes to in the project at `root`, seen from `cwd`. */
export function adrFolder(flavor: AdrFlavor, root: string, cwd: string): string {
  switch (flavor) {
    case 'madr':
      return join(root, 'docs', 'decisions')
    case 'adr-tools':
      return adrToolsFolder(root, cwd)
    case 'log4brains':
      return log4brainsFolder(root)
  }
}
