/**
 * The real CLIs scripts/install-agent-clis.mjs installed, as programs on a PATH: a folder of links
 * named `claude`, `codex`, `gemini` and `opencode` (what providers.yaml commands name), and
 * another whose `claude` is the older 1.0.30, for the "too old" failure.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..')
import { execFileSync } from 'node:child_process'
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises'
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
  // claude 1.0 crashes on Node 25 and newer (it uses buffer.SlowBuffer, since removed), so it
  // runs on Node 22, as it did for the people who installed it then.
  const node22 = execFileSync(join(ROOT, 'scripts', 'bring-node.sh'), ['22'], {
    encoding: 'utf8',
  }).trim()
  const old = join(folder, AGENT_CLI_BINS['claude-1.0'])
  await writeFile(
    join(oldBin, 'claude'),
    `#!/bin/sh\nexec '${join(node22, 'node')}' '${old}' "$@"\n`,
    { mode: 0o755 },
  )
  return { folder, versions, bin, oldBin }
}
