/**
 * What the terminal UI journeys share: a project on a scripted command provider with the
 * examples as its discussions, the real bin started in a tmux terminal, and the captured screens
 * saved under test-results/tui/<size>/ as transcripts.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach } from 'vitest'

import { BIN, binEnv, ROOT } from '../support/run-cli.js'
import type { Pass } from '../support/run-cli.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'
import { tempFolder } from '../support/temp.js'
import { TmuxTerminal } from './tmux-terminal.js'

export const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 120, rows: 40 },
]

/** The size a sized journey runs at in a pass: cold at the small one, warm at the large one. */
export function sizeFor(pass: Pass): { columns: number; rows: number } {
  return pass === 'cold' ? { columns: 80, rows: 24 } : { columns: 120, rows: 40 }
}

const terminals: TmuxTerminal[] = []

/** Closes every terminal a test started, after each test of the file calling it. */
export function closeTerminalsAfterEach(): void {
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.close()
  })
}

export interface TuiWorkspace {
  /** The project's root (a git folder). */
  root: string
  /** The discussions folder: a copy of examples/. */
  folder: string
  /** Writing `<gate>/all` (or `<gate>/<alias>`) lets the scripted answers finish. */
  gate: string
  /** The user config folder (providers.yaml is there). */
  config: string
  env: Record<string, string>
}

export async function workspace(): Promise<TuiWorkspace> {
  const gate = await tempFolder('discussions-tui-gate-')
  const provider = join(ROOT, 'test', 'tui', 'streaming-provider.mjs')
  const scripted = await scriptedWorkspace({
    prefix: 'discussions-tui-',
    script: `#!/bin/sh\nexec "${process.execPath}" "${provider}" "${gate}"\n`,
  })
  const folder = join(scripted.root, 'discussions')
  await cp(join(ROOT, 'examples'), folder, { recursive: true })
  return {
    root: scripted.root,
    folder,
    gate,
    config: scripted.config,
    env: { ...scripted.env, HOME: scripted.root, TERM: 'xterm-256color', LANG: 'C.UTF-8' },
  }
}

/** `discussions ui --tui ARGS` in a new tmux terminal; `afterwards` as for TmuxTerminal. */
export function start(
  env: Record<string, string>,
  args: string[],
  size: { columns: number; rows: number },
  afterwards?: string,
): TmuxTerminal {
  // The tmux server has the test's environment; the pass's compile cache goes on top.
  const { NODE_COMPILE_CACHE: cache = '' } = binEnv()
  const command = [
    'env',
    '-u',
    'NODE_DISABLE_COMPILE_CACHE',
    `NODE_COMPILE_CACHE=${cache}`,
    ...Object.entries(env).map(([name, value]) => `${name}=${value}`),
    process.execPath,
    BIN,
    'ui',
    '--tui',
    ...args,
  ]
  const terminal = new TmuxTerminal(command, size, ROOT, afterwards)
  terminals.push(terminal)
  return terminal
}

export async function transcript(size: string, step: string, screen: string): Promise<void> {
  const folder = join(ROOT, 'test-results', 'tui', size)
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, `${step}.txt`), screen)
}

/** An executable shell script `name` in `folder`; its path. */
export async function script(folder: string, name: string, body: string): Promise<string> {
  const file = join(folder, name)
  await writeFile(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 })
  return file
}
