/**
 * Which artifact editor to run. A project's own discussions.yaml may name one, but like a project's
 * providers it is a program chosen by whoever wrote the repository, so it runs only once the user
 * has trusted the project (`discussions trust`); the user's own setting always counts.
 */
import { userConfigDir } from '../config/paths.js'
import { projectSetting } from '../config/project-setting.js'
import { isTrusted, untrustedMessage } from '../providers/trust.js'

export type EditorSetting = { editor: string | null } | { problem: string }

export async function artifactEditorSetting(
  configured: string | null,
  projectRoot: string | null,
  env: NodeJS.ProcessEnv,
): Promise<EditorSetting> {
  if (
    configured &&
    projectRoot &&
    (await projectSetting(projectRoot, 'artifact_editor')) !== null
  ) {
    if (!(await isTrusted(projectRoot, userConfigDir(env))))
      return {
        problem: `The artifact editor "${configured}" ${untrustedMessage(projectRoot).replace('its providers', 'it')}.`,
      }
  }
  return { editor: configured }
}
