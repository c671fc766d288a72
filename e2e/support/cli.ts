/**
 * The `discussions` bin as a person runs it beside a test's folder, for specs that check the app
 * against the CLI or write to a discussion while the app is open.
 */
import { spawn, spawnSync } from 'node:child_process'
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

/**
 * `discussions ui --web FILE --at N` started beside the folder, as a person starts it: the address
 * it prints (with its token) once it serves, and `stop` to end it.
 */
export async function uiAt(
  folder: string,
  file: string,
  at: number,
): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [BIN, 'ui', '--web', '--port', '0', file, '--at', String(at)],
    {
      cwd: join(folder, '..'),
      env: { ...process.env, DISCUSSIONS_STATE_DIR: join(folder, '..', '.state-at') },
    },
  )
  const stop = (): void => void child.kill('SIGTERM')
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /http:\/\/127\.0\.0\.1:\d+\/#token=\S+/.exec(output)
        if (match) resolve(match[0])
      })
      child.on('exit', (code) => reject(new Error(`ui exited (${code}): ${output}`)))
    })
    return { url, stop }
  } catch (error) {
    stop()
    throw error
  }
}
