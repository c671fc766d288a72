/**
 * The real CLIs scripts/install-agent-clis.mjs installed, as programs on a PATH: a folder of links
 * named `claude`, `codex`, `gemini` and `opencode` (what providers.yaml commands name), and
 * another whose `claude` is the older 1.0.30, for the "too old" failure.
 */
import { chmod, mkdir, symlink } from 'node:fs/promises'
import { join } from 'node:path'

import {
  AGENT_CLI_BINS,
  agentClisFolder,
  installedAgentClis,
} from '../../../scripts/install-agent-clis.mjs'

export interface InstalledClis {
  folder: string
  /** Package name -> installed version. */
  versions: Record<string, string>
  /** A folder with claude, codex, gemini and opencode in it. */
  bin: string
  /** A folder whose `claude` is claude 1.0.30. */
  oldBin: string
}

/** Why the CLIs are not there, or null when they are. */
export function installProblem(): string | null {
  return installedAgentClis()
    ? null
    : `the agent CLIs are not installed in ${agentClisFolder()}: run node scripts/install-agent-clis.mjs`
}

export async function linkInstalledClis(into: string): Promise<InstalledClis> {
  const folder = agentClisFolder()
  const versions = installedAgentClis(folder)
  if (!versions) throw new Error(installProblem() ?? 'not installed')
  const bin = join(into, 'agent-bin')
  const oldBin = join(into, 'agent-bin-old')
  await mkdir(bin, { recursive: true })
  await mkdir(oldBin, { recursive: true })
  for (const name of ['claude', 'codex', 'gemini', 'opencode'] as const) {
    const target = join(folder, AGENT_CLI_BINS[name])
    await chmod(target, 0o755)
    await symlink(target, join(bin, name))
  }
  const old = join(folder, AGENT_CLI_BINS['claude-1.0'])
  await chmod(old, 0o755)
  await symlink(old, join(oldBin, 'claude'))
  return { folder, versions, bin, oldBin }
}
