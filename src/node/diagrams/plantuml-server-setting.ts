/**
 * Which PlantUML server may receive diagram text. A project's own discussions.yaml may name one,
 * but whoever wrote that repository chose it: diagrams would be sent there (and a server of theirs
 * renders without any sandbox we control). So a project's `plantuml_server` counts only once the
 * user has trusted the project (`discussions trust`); the user's own setting always counts.
 */
import { userConfigDir } from '../config/paths.js'
import { projectSetting } from '../config/project-setting.js'
import { isTrusted } from '../providers/trust.js'

export interface PlantUmlServerSetting {
  /** The server to use, or null. */
  server: string | null
  /** Why a configured server is not used, with the fix; null when nothing was skipped. */
  skipped: string | null
}

export async function plantUmlServerSetting(
  configured: string | null,
  projectRoot: string | null,
  env: NodeJS.ProcessEnv,
): Promise<PlantUmlServerSetting> {
  if (!configured || !projectRoot) return { server: configured, skipped: null }
  if ((await projectSetting(projectRoot, 'plantuml_server')) === null)
    return { server: configured, skipped: null }
  if (await isTrusted(projectRoot, userConfigDir(env))) return { server: configured, skipped: null }
  return {
    server: null,
    skipped: `The PlantUML server ${configured} comes from a project you have not trusted, so no diagram is sent to it: run \`discussions trust\` in ${projectRoot} to allow it.`,
  }
}
