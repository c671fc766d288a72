/**
 * What a turn says when a provider of its chain fails, and when the person presses Ctrl-C, through
 * the real bin: the done line names the providers that failed before the one that answered and
 * the time lost on each; after Ctrl-C on a terminal no spinner row is left on the screen and the
 * cancel is said once, not also as "N participants failed".
 */
import { execFileSync } from 'node:child_process'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, expect, it } from 'vitest'

import { pathWithNode } from '../providers/stand-ins.js'
import { BIN, binEnv, coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'
import { TmuxTerminal, tmuxAvailable } from '../tui/tmux-terminal.js'

const DISCUSSION = `<!-- DISCUSSION -->
<!-- Title: Cache -->
<!-- Template: feature -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Participants: architect -->

# Cache

## Context

Add a cache.

---
`

/** Answers at once. */
const QUICK = `#!/usr/bin/env node
process.stdin.resume()
process.stdin.on('end', () => process.stdout.write(JSON.stringify({ comment: 'Fine.', vote: 'READY' })))
`

/** Fails after 1.5 s, as a link that hangs, then gives up, would. */
const FAILING = `#!/usr/bin/env node
process.stdin.resume()
setTimeout(() => { process.stderr.write('link down'); process.exit(3) }, 1500)
`

/** Never answers (until killed). */
const HUNG = `#!/usr/bin/env node
process.stdin.resume()
setInterval(() => undefined, 1000)
`

async function project(chain: { name: string; script: string }[]) {
  const root = await tempFolder('discussions-cancel-')
  const config = join(root, '.config')
  await mkdir(join(root, '.git'), { recursive: true })
  await mkdir(config, { recursive: true })
  const entries: string[] = []
  for (const { name, script } of chain) {
    const path = join(root, name)
    await writeFile(path, script)
    await chmod(path, 0o755)
    entries.push(`  - name: ${name}`, '    type: command', `    command: "${path}"`)
  }
  const [first, ...rest] = chain.map((link) => link.name)
  await writeFile(
    join(config, 'providers.yaml'),
    [`default: ${first}`, `fallback: [${rest.join(', ')}]`, 'providers:', ...entries, ''].join(
      '\n',
    ),
  )
  await writeFile(join(root, 'cache.md'), DISCUSSION)
  const env = {
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
    PATH: pathWithNode(),
  }
  return { root, env }
}

coldThenWarm('a fallback chain', () => {
  it(
    'the done line names the provider that failed before, why, and the time lost on it',
    {
      timeout: 60_000,
    },
    async () => {
      const { root, env } = await project([
        { name: 'failing', script: FAILING },
        { name: 'quick', script: QUICK },
      ])
      const turn = await runDiscussions(['turn', 'cache.md', '@architect'], { cwd: root, env })
      expect(turn.code).toBe(0)
      const done =
        /^architect: done, .* via quick after failing \((\d+\.\d)s lost: (.+)\), .*$/m.exec(
          turn.stdout,
        )
      expect(done, turn.stdout).not.toBeNull()
      expect(Number(done?.[1])).toBeGreaterThanOrEqual(1.4)
      expect(done?.[2]).toMatch(/link down|exit/)
    },
  )
})

coldThenWarm('a council call through a fallback chain', () => {
  it(
    'its done line names the provider that failed before and the time lost',
    {
      timeout: 120_000,
    },
    async () => {
      const { root, env } = await project([
        { name: 'failing', script: FAILING },
        { name: 'quick', script: QUICK },
      ])
      const council = await runDiscussions(['council', 'Should we cache?'], { cwd: root, env })
      const done = [
        ...council.stdout.matchAll(
          /^(\S+): done, .* via quick after failing \((\d+\.\d)s lost: .+\), .*$/gm,
        ),
      ]
      expect(done.length, council.stdout + council.stderr).toBeGreaterThan(0)
      for (const line of done) expect(Number(line[2])).toBeGreaterThanOrEqual(1.4)
    },
  )
})

let terminal: TmuxTerminal | null = null
afterEach(() => {
  terminal?.close()
  terminal = null
})

/** Waits until the screen shows `wanted` (a spinner's screen never settles, as waitFor needs). */
async function shows(on: TmuxTerminal, wanted: RegExp): Promise<void> {
  const deadline = Date.now() + 30_000
  while (!wanted.test(on.screen())) {
    if (Date.now() > deadline)
      throw new Error(`The screen never showed ${String(wanted)}:\n${on.screen()}`)
    await new Promise((done) => setTimeout(done, 100))
  }
}

const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/

coldThenWarm(
  'Ctrl-C during a turn on a terminal',
  () => {
    it('leaves no spinner row and says the cancel once', { timeout: 60_000 }, async () => {
      const { root, env } = await project([{ name: 'hung', script: HUNG }])
      const withCache = binEnv(env)
      const exports = Object.entries(withCache)
        .filter(
          ([key, value]) =>
            value !== undefined && /^(DISCUSSIONS_|PATH$|NODE_COMPILE_CACHE$)/.test(key),
        )
        .map(([key, value]) => `${key}=${value ?? ''}`)
      terminal = new TmuxTerminal(
        ['env', ...exports, process.execPath, BIN, 'turn', 'cache.md', '@architect'],
        { columns: 100, rows: 30 },
        root,
      )
      await shows(terminal, /architect\s+thinking/)
      // Ctrl-C's SIGINT, to the bin: the terminal would send it to the shell around it too,
      // which ends the test's pane before the bin has said anything.
      const shell = terminal.pane('#{pane_pid}')
      process.kill(
        Number(execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim()),
        'SIGINT',
      )
      const screen = await terminal.waitFor('[exited 130]', 30_000)
      expect(screen.match(/Cancelling: stopping the providers/g)).toHaveLength(1)
      expect(screen.match(/Cancelled; the answers that arrived are saved\./g)).toHaveLength(1)
      expect(screen).not.toMatch(/participants? failed/)
      expect(screen).not.toMatch(SPINNER)
      // The one row left is the participant's, cancelled, not failed.
      expect(screen).toMatch(/^- architect +cancelled$/m)
      expect(screen.match(/architect/g)).toHaveLength(1)
    })
  },
  { skip: !tmuxAvailable() },
)
