/**
 * One value from a project's own discussions.yaml, as written, for the settings a project may
 * only propose (a PlantUML server, an artifact editor: they count once the project is trusted).
 * A missing, unreadable or broken file proposes nothing; `validate` and the loaders report it.
 */
import { join } from 'node:path'

import { PROJECT_CONFIG_FILE } from './paths.js'
import { readYamlSource } from './yaml-file.js'

/** The value of `key` at the top of the project's discussions.yaml; null when none is set. */
export async function projectSetting(projectRoot: string, key: string): Promise<unknown> {
  try {
    const { data } = await readYamlSource(join(projectRoot, PROJECT_CONFIG_FILE), projectRoot)
    return (data as Record<string, unknown> | null)?.[key] ?? null
  } catch {
    return null
  }
}
