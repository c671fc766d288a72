/**
 * Which PlantUML server may receive diagram text. A project's own discussions.yaml may name one,
 * but whoever wrote that repository chose it: diagrams would be sent there (and a server of theirs
 * renders without any sandbox we control). So a project's `plantuml_server` counts only once the
 * user has trusted the project (`discussions trust`); the user's own setting always counts.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { parse } from 'yaml'

import { PROJECT_CONFIG_FILE, userConfigDir } from '../config/paths.js'
import { isTrusted } from '../providers/trust.js'

export interface PlantUmlServerSetting {
  /** The server to use, or null. */
  server: string | null
  /** Why a configured server is not used, with the fix; null when nothing was skipped. */
  skipped: string | null
}

async function projectServer(projectRoot: string): Promise<unknown> {
  try {
    const data = parse(await readFile(join(projectRoot, PROJECT_CONFIG_FILE), 'utf8')) as unknown
    return (data as { plantuml_server?: unknown } | null)?.plantuml_server ?? null
  } catch {
    return null
  }
}

export async function plantUmlServerSetting(
  configured: string | null,
  projectRoot: string | null,
  env: NodeJS.ProcessEnv,
): Promise<PlantUmlServerSetting> {
  if (!configured || !projectRoot) return { server: configured, skipped: null }
  if ((await projectServer(projectRoot)) === null) return { server: configured, skipped: null }
  if (await isTrusted(projectRoot, userConfigDir(env))) return { server: configured, skipped: null }
  return {
    server: null,
    skipped: `The PlantUML server ${configured} comes from a project you have not trusted, so no diagram is sent to it: run \`discussions trust\` in ${projectRoot} to allow it.`,
  }
}
