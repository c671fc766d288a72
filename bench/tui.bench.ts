/**
 * The terminal UI's open time on long discussions, as a person sees it: the real bin
 * (`discussions ui --tui FILE`, on the bundle) in a tmux terminal of 120x40, from launch until
 * the reading screen's heading shows where the text is (`[all]` or `[N%]`), for one comment of
 * 2 MB and a file of 50 MB (generated here), beside a discussion of a few KB for the start-up
 * every open pays. Also how long `q`, pressed while the file is still
 * opening, takes to end the program. Median of a few runs; the first run of each warms the disk
 * and compile caches. Needs tmux.
 *
 * Run alone with `npx tsx bench/tui.bench.ts`; `npm run bench` runs it with the others.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { TmuxTerminal, tmuxAvailable } from '../test/tui/tmux-terminal.js'
import { oneLongComment, writeLongFixtures } from '../test/tui/long-fixtures.js'
import { ensureBuild } from './cli.bench.js'
import { median, table } from './measure.js'

const ROOT = join(import.meta.dirname, '..')
const BIN = join(ROOT, 'bin', 'discussions.cjs')
const RUNS = Number(process.env.BENCH_TUI_RUNS ?? 3)
/** A run that has not opened by then is reported as "> limit", not waited for. */
const LIMIT_MS = Number(process.env.BENCH_TUI_LIMIT_MS ?? 30_000)
const OPENED = /\[(all|\d+%)\]/
const EXITED = /\[exited \d+\]/

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms))
}

/** Milliseconds from now until the screen matches `wanted`; null past the limit. */
async function until(
  terminal: TmuxTerminal,
  wanted: RegExp,
  start: number,
): Promise<number | null> {
  for (;;) {
    const elapsed = performance.now() - start
    if (wanted.test(terminal.screen())) return elapsed
    if (elapsed > LIMIT_MS) return null
    await sleep(20)
  }
}

/** Closes the terminal and ends its program, which a hung one would outlive. */
function close(terminal: TmuxTerminal): void {
  const pid = terminal.programPid()
  terminal.close()
  try {
    if (pid !== null) process.kill(pid, 'SIGKILL')
  } catch {
    // it had ended
  }
}

function launch(file: string, env: NodeJS.ProcessEnv): TmuxTerminal {
  const command = [
    'env',
    ...Object.entries(env).map(([name, value]) => `${name}=${value ?? ''}`),
    process.execPath,
    BIN,
    'ui',
    '--tui',
    file,
  ]
  return new TmuxTerminal(command, { columns: 120, rows: 40 }, ROOT)
}

/** One open: ms to the first screen of the discussion (null: not within the limit). */
async function openOnce(file: string, env: NodeJS.ProcessEnv): Promise<number | null> {
  const start = performance.now()
  const terminal = launch(file, env)
  try {
    const opened = await until(terminal, OPENED, start)
    terminal.press('q')
    await until(terminal, EXITED, performance.now())
    return opened
  } finally {
    close(terminal)
  }
}

/** One `q` pressed 300 ms after launch: ms from the key to the program's end. */
async function quitWhileOpening(file: string, env: NodeJS.ProcessEnv): Promise<number | null> {
  const terminal = launch(file, env)
  try {
    await sleep(300)
    const pressed = performance.now()
    terminal.press('q')
    return await until(terminal, EXITED, pressed)
  } finally {
    close(terminal)
  }
}

const shown = (ms: number | null): string | number =>
  ms === null ? `> ${LIMIT_MS}` : Math.round(ms)

export async function benchTui(): Promise<void> {
  if (!tmuxAvailable()) {
    console.log('\nTerminal UI open time: skipped (install tmux)')
    return
  }
  ensureBuild()
  const root = await mkdtemp(join(tmpdir(), 'discussions-bench-tui-'))
  try {
    spawnSync('git', ['init', '-q', root])
    const fixtures = await writeLongFixtures(root)
    const env: NodeJS.ProcessEnv = {
      HOME: root,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
      NODE_COMPILE_CACHE: join(root, '.compile-cache'),
    }
    const rows = []
    // The start-up every open pays (Node, the bundle, Ink), on a discussion of a few KB.
    const small = join(root, 'small.md')
    await writeFile(small, oneLongComment(4096))
    for (const [name, file] of [
      ['a 4 KB discussion (start-up)', small],
      ['one 2 MB comment', fixtures.longComment],
      ['a 50 MB file', fixtures.longFile],
    ] as const) {
      const opens: (number | null)[] = []
      for (let run = 0; run <= RUNS; run++) {
        const ms = await openOnce(file, env)
        if (run > 0) opens.push(ms)
      }
      const quits: (number | null)[] = []
      for (let run = 0; run < RUNS; run++) quits.push(await quitWhileOpening(file, env))
      const open = opens.some((ms) => ms === null) ? null : median(opens as number[])
      const quit = quits.some((ms) => ms === null) ? null : median(quits as number[])
      rows.push({
        fixture: name,
        'median ms to first screen': shown(open),
        'median ms from q (pressed at 300 ms) to exit': shown(quit),
      })
    }
    console.log(`\nTerminal UI: launch to first screen, tmux 120x40 (median of ${RUNS})`)
    table(rows)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

if (process.argv[1] === import.meta.filename) await benchTui()
