/**
 * Which artifact editor to run. A project's own discussions.yaml may name one, but like a project's
 * providers it is a program chosen by whoever wrote the repository, so it runs only once the user
 * has trusted the project (`discussions trust`); the user's own setting always counts.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { parse } from 'yaml'

import { PROJECT_CONFIG_FILE, userConfigDir } from '../config/paths.js'
import { isTrusted, untrustedMessage } from '../providers/trust.js'

export type EditorSetting = { editor: string | null } | { problem: string }

async function projectSetsEditor(projectRoot: string): Promise<boolean> {
  try {
    const data = parse(await readFile(join(projectRoot, PROJECT_CONFIG_FILE), 'utf8')) as unknown
    const value = (data as { artifact_editor?: unknown } | null)?.artifact_editor
    return value !== undefined && value !== null
  } catch {
    return false
  }
}

export async function artifactEditorSetting(
  configured: string | null,
  projectRoot: string | null,
  env: NodeJS.ProcessEnv,
): Promise<EditorSetting> {
  if (configured && projectRoot && (await projectSetsEditor(projectRoot))) {
    if (!(await isTrusted(projectRoot, userConfigDir(env))))
      return {
        problem: `The artifact editor "${configured}" ${untrustedMessage(projectRoot).replace('its providers', 'it')}.`,
      }
  }
  return { editor: configured }
}
