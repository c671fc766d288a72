/**
 * A temporary project whose only provider (in a temporary user config folder) is a real command
 * provider: the given node script, written into `bin/`. For CLI tests that run the real bin.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { pathWithNode } from '../providers/stand-ins.js'
import { runDiscussions } from './run-cli.js'
import type { CliRun } from './run-cli.js'
import { tempFolder } from './temp.js'

export interface ScriptedWorkspace {
  root: string
  bin: string
  config: string
  env: Record<string, string>
  /** Runs the real `discussions` bin in the project. */
  run: (...args: string[]) => Promise<CliRun>
  /** The lines the script appended to `bin/calls.log`, one a call (when it logs them). */
  calls: () => Promise<string[]>
}

export async function scriptedWorkspace(options: {
  prefix: string
  /** The provider's program: a `#!/usr/bin/env node` script. */
  script: string
  scriptName?: string
  /** Project personas: file name (without .yaml) -> YAML. */
  personas?: Record<string, string>
}): Promise<ScriptedWorkspace> {
  const root = await tempFolder(options.prefix)
  const config = join(root, '.config')
  const bin = join(root, 'bin')
  await mkdir(join(root, '.git'), { recursive: true })
  await mkdir(config, { recursive: true })
  await mkdir(bin, { recursive: true })
  const script = join(bin, options.scriptName ?? 'scripted-ai')
  await writeFile(script, options.script)
  await chmod(script, 0o755)
  const personas = Object.entries(options.personas ?? {})
  if (personas.length > 0) await mkdir(join(root, '.discussions', 'personas'), { recursive: true })
  for (const [name, yaml] of personas)
    await writeFile(join(root, '.discussions', 'personas', `${name}.yaml`), yaml)
  await writeFile(
    join(config, 'providers.yaml'),
    [
      'default: scripted',
      'providers:',
      '  - name: scripted',
      '    type: command',
      `    command: "${script}"`,
      '',
    ].join('\n'),
  )
  const env = {
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
    PATH: pathWithNode(),
  }
  return {
    root,
    bin,
    config,
    env,
    run: (...args) => runDiscussions(args, { cwd: root, env }),
    calls: async () =>
      (await readFile(join(bin, 'calls.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean),
  }
}
