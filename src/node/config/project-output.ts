/**
 * Whether a project's own settings file names the folder new discussions go to. A cloned
 * repository's `discussions.yaml` is not the user's: its `output.directory` may point anywhere
 * (`~/.config/autostart`), so a folder outside the project that it names is used only once the
 * project is trusted (`discussions trust`), as its providers are.
 */
import { join } from 'node:path'

import { somethingAt } from '../files/something-at.js'
import { PROJECT_CONFIG_FILE } from './paths.js'
import { readYamlSource } from './yaml-file.js'

/** The `output.directory` the project's own `discussions.yaml` sets, or null when it sets none. */
export async function projectOutputDirectory(projectRoot: string): Promise<string | null> {
  const file = join(projectRoot, PROJECT_CONFIG_FILE)
  if (!somethingAt(file)) return null
  const { data } = await readYamlSource(file, projectRoot)
  const output = (data as { output?: { directory?: unknown } } | null)?.output
  return typeof output?.directory === 'string' ? output.directory : null
}
