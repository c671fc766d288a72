/**
 * Small executable node scripts that behave like badly behaved AI CLIs, written into a temp
 * folder for each test file: they are what the command provider is run against.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

export const STAND_INS = {
  /** Reads the prompt and answers in the response contract. */
  echo: `
let input = ''
process.stdin.on('data', (chunk) => (input += chunk))
process.stdin.on('end', () => {
  process.stdout.write(JSON.stringify({ comment: 'got ' + input.length + ' chars: ' + input.slice(0, 20), vote: 'READY' }))
})`,
  /** Answers after 1.5 s, in two pieces. */
  slow: `
process.stdin.resume()
process.stdout.write('thinking... ')
setTimeout(() => { process.stdout.write('done'); process.exit(0) }, 1500)`,
  /** Fails like a CLI whose API call failed, with a key in its error output. */
  crash: `
process.stderr.write('starting\\n')
process.stderr.write('Error: 401 Unauthorized for key ' + (process.argv[2] || 'sk-test-LEAKEDLEAKEDLEAKED') + '\\n')
process.exit(3)`,
  /** Never answers. */
  hang: `
process.stdin.resume()
setInterval(() => {}, 1000)`,
  /** Ignores TERM, so only KILL stops it; writes its pid first. */
  'ignore-term': `
require('node:fs').writeFileSync(process.argv[2], String(process.pid))
process.on('SIGTERM', () => {})
process.stdin.resume()
setInterval(() => {}, 1000)`,
  /**
   * Starts a grandchild that ignores TERM and holds stdout open; once the grandchild has written
   * its pid to argv[2], either hangs ("hang") or answers and exits, leaving the grandchild behind.
   */
  grandchild: `
const fs = require('node:fs')
const { spawn } = require('node:child_process')
const file = process.argv[2]
const code = "process.on('SIGTERM', () => {}); require('node:fs').writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000)"
spawn(process.execPath, ['-e', code, file], { stdio: ['ignore', 'inherit', 'inherit'] })
while (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') === '') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)
if (process.argv[3] === 'hang') setInterval(() => {}, 1000)
else { process.stdout.write('answer from the parent'); process.exit(0) }`,
  /** Writes as fast as it can, forever. */
  flood: `
const line = 'x'.repeat(64 * 1024)
function more() { while (process.stdout.write(line)) {} process.stdout.once('drain', more) }
more()`,
  /** Prints binary noise, colour codes and prose: not the contract, but an answer. */
  garbage: `
process.stdout.write(Buffer.from([0xff, 0xfe, 0x00, 0x41]))
process.stdout.write('\\u001b[31mred\\u001b[0m text, not JSON {{{')`,
  /** Exits at once without reading stdin or printing anything. */
  silent: `process.exit(0)`,
  /** Prints its environment and working folder as JSON. */
  env: `
process.stdin.resume()
process.stdin.on('end', () => process.stdout.write(JSON.stringify({ cwd: process.cwd(), env: process.env })))`,
} as const

export type StandIn = keyof typeof STAND_INS

/** Writes every stand-in into `dir` as an executable `#!/usr/bin/env node` script. */
export async function writeStandIns(dir: string): Promise<Record<StandIn, string>> {
  const paths = {} as Record<StandIn, string>
  for (const [name, body] of Object.entries(STAND_INS)) {
    const file = join(dir, name)
    await writeFile(file, `#!/usr/bin/env node\n${body.trim()}\n`)
    await chmod(file, 0o755)
    paths[name as StandIn] = file
  }
  return paths
}

/** PATH with this node first, so `#!/usr/bin/env node` finds it under an allow-listed env. */
export function pathWithNode(): string {
  return [dirname(process.execPath), process.env.PATH ?? ''].join(':')
}

/**
 * Whether a process is gone: no such pid, or a zombie (here PID 1 does not reap orphans, so an
 * orphan that died stays a zombie; it runs nothing).
 */
export async function isGone(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0)
  } catch {
    return true
  }
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return true
  }
}

/** Waits until `pid` is gone, up to `ms`; true when it went. */
export async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (await isGone(pid)) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function readPid(file: string, ms = 5_000): Promise<number> {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      const pid = Number(await readFile(file, 'utf8'))
      if (pid > 0) return pid
    } catch {
      // not written yet
    }
    if (Date.now() > deadline) throw new Error(`no pid in ${file}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
