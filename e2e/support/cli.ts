/**
 * The `discussions` bin as a person runs it beside a test's folder, for specs that check the app
 * against the CLI or write to a discussion while the app is open.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

import { ROOT } from './ui-server.js'

export const BIN = join(ROOT, 'bin', 'discussions.cjs')

/** Runs `discussions ARGS` in the folder's project and returns what it printed; throws on failure. */
export function bin(folder: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: join(folder, '..'),
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  })
  if (run.status !== 0) throw new Error(`discussions ${args.join(' ')}: ${run.stderr}`)
  return run.stdout
}
