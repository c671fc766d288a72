/**
 * A provider that starts a helper with `setsid` (which leaves the provider's process group) leaves
 * nothing behind: not on timeout, not on cancel, not on Ctrl-C of the real `discussions` bin.
 * And a provider that echoes the key it was given never gets it into the discussion, the journal
 * or the output.
 */
import { spawn } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { beforeEach, expect, it } from 'vitest'

import type { ProviderError } from '../../src/core/providers/port.js'
import { createCommandProvider } from '../../src/node/providers/command-provider.js'
import { liveGroups } from '../../src/node/providers/process-group.js'
import { BIN, binEnv, coldThenWarm } from '../support/run-cli.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'
import { tempFolder } from '../support/temp.js'
import { isGone, pathWithNode, readPid, waitGone } from './stand-ins.js'

/**
 * Starts `sleep` in a new session (setsid), detached from the provider's group and its pipes;
 * the sleeper writes its pid to $1. Then the provider itself hangs.
 */
const SETSID_PROVIDER = `#!/bin/sh
setsid sh -c 'echo $$ > "$0"; exec sleep 3141' "$1" </dev/null >/dev/null 2>&1 &
while [ ! -s "$1" ]; do sleep 0.05; done
printf 'thinking...'
exec sleep 3000
`

let dir: string
let script: string
// Each test's temp folder is removed after it (tempFolder), so each writes the script anew.
beforeEach(async () => {
  dir = await tempFolder('discussions-descendants-')
  script = join(dir, 'setsid-provider')
  await writeFile(script, SETSID_PROVIDER, { mode: 0o755 })
})

function provider(pidFile: string) {
  return createCommandProvider({
    name: 'setsid',
    argv: [script, pidFile],
    parentEnv: { PATH: pathWithNode() },
    envNames: [],
    timeoutMs: 1_500,
    graceMs: 300,
  })
}

/** The sleepers this file started that still run (zombies excepted): the orphans. */
async function orphans(): Promise<number[]> {
  const alive: number[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
    if (cmdline === 'sleep\u00003141\u0000' && !(await isGone(Number(entry))))
      alive.push(Number(entry))
  }
  return alive
}

coldThenWarm('a provider with a setsid grandchild', () => {
  it('leaves no orphan after a timeout', async () => {
    const pidFile = join(dir, 'timeout.pid')
    const error = await provider(pidFile)
      .complete({ prompt: 'hi' })
      .then(
        () => null,
        (failure: ProviderError) => failure,
      )
    expect(error?.reason).toBe('timeout')
    const sleeper = await readPid(pidFile)
    expect(await waitGone(sleeper, 3_000)).toBe(true)
    expect(await orphans()).toEqual([])
    await expect.poll(() => liveGroups(), { timeout: 3_000 }).toEqual([])
  })

  it('leaves no orphan after a cancel', async () => {
    const pidFile = join(dir, 'cancel.pid')
    const controller = new AbortController()
    const call = provider(pidFile)
      .complete({ prompt: 'hi', signal: controller.signal, timeoutMs: 30_000 })
      .then(
        () => null,
        (failure: ProviderError) => failure,
      )
    const sleeper = await readPid(pidFile)
    controller.abort()
    expect((await call)?.reason).toBe('cancelled')
    expect(await waitGone(sleeper, 3_000)).toBe(true)
    expect(await orphans()).toEqual([])
  })

  it('leaves no orphan after Ctrl-C of the real bin', async () => {
    const space = await scriptedWorkspace({ prefix: 'discussions-ctrlc-', script: SETSID_PROVIDER })
    const pidFile = join(space.root, 'sleeper.pid')
    await writeFile(
      join(space.config, 'providers.yaml'),
      `default: scripted\nproviders:\n  - name: scripted\n    type: command\n    command: "${join(space.bin, 'scripted-ai')} ${pidFile}"\n`,
    )
    expect(await space.run('new', 'Sleepers', '--participants', 'architect')).toMatchObject({
      code: 0,
    })
    const child = spawn(
      process.execPath,
      [BIN, 'turn', join(space.root, 'discussions', 'sleepers.md'), '@all'],
      { cwd: space.root, env: binEnv(space.env) },
    )
    const sleeper = await readPid(pidFile, 20_000)
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(130)
    expect(await waitGone(sleeper, 5_000)).toBe(true)
    expect(await orphans()).toEqual([])
  }, 60_000)
})

coldThenWarm('a provider that echoes its key', () => {
  it('never gets the key into the discussion, the journal or the output', async () => {
    const key = 'sk-live-0123456789abcdefECHOED'
    const other = 'ghp_configuredElsewhere0123456789'
    const space = await scriptedWorkspace({
      prefix: 'discussions-echo-key-',
      script: `#!/bin/sh
cat > /dev/null
printf '{"comment": "My key is %s; split: %s", "vote": "READY"}' "$ECHO_KEY" "$ECHO_KEY"
`,
    })
    await writeFile(
      join(space.config, 'providers.yaml'),
      `default: scripted\nproviders:\n  - name: scripted\n    type: command\n    command: "${join(space.bin, 'scripted-ai')}"\n    env: [ECHO_KEY]\n`,
    )
    const env = { ...space.env, ECHO_KEY: key, OTHER_API_TOKEN: other }
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [BIN, ...args], {
          cwd: space.root,
          env: binEnv(env, {}),
        })
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.on('close', (code) => resolve({ code, out }))
      })
    expect((await run('new', 'Keys', '--participants', 'architect')).code).toBe(0)
    const file = join(space.root, 'discussions', 'keys.md')
    const turn = await run('turn', file, '@all', '--json')
    expect(turn.code).toBe(0)
    const text = await readFile(file, 'utf8')
    expect(text).toContain('My key is [redacted]; split: [redacted]')
    // Every file the run wrote: the discussion, the journal and anything else in the state folder.
    const written: string[] = [turn.out, text]
    const walk = async (folder: string): Promise<void> => {
      for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
        const path = join(folder, entry.name)
        if (entry.isDirectory()) await walk(path)
        else written.push(await readFile(path, 'utf8'))
      }
    }
    await walk(join(space.root, '.state'))
    await walk(join(space.root, 'discussions'))
    const keysFound = written.filter((content) => content.includes(key) || content.includes(other))
    expect(keysFound).toEqual([])
  }, 60_000)
})
