/**
 * Runs inside a loopback-only network namespace (started by loopback-namespace.ts through
 * `unshare`): brings loopback up, starts the API stand-ins on 127.0.0.1, then runs the commands it
 * is sent, so the programs and the stand-ins share the one network that exists there.
 *
 * Speaks JSON lines: it prints `{"ready": {"url", "port"}}` (or `{"failed": "why"}`), then answers
 * each request read on stdin — `{id, run: {argv, env, cwd, input}}`, `{id, requests: true}`,
 * `{id, forget: true}` — with `{id, ...}`. The end of stdin stops it.
 */
import { execFileSync, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

import { startStandIns } from './stand-ins.js'
import type { StandIns } from './stand-ins.js'

export interface RunRequest {
  argv: string[]
  env: Record<string, string>
  cwd: string
  input?: string
  /** Milliseconds before the program is killed (default 120 s). */
  timeoutMs?: number
}

export interface RunResult {
  code: number | null
  signal: string | null
  stdout: string
  stderr: string
  /** When each piece of stdout arrived, in ms after the start: streaming shows as many pieces. */
  pieces: { at: number; text: string }[]
  durationMs: number
}

function send(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`)
}

function run(request: RunRequest): Promise<RunResult> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(request.argv[0] ?? '', request.argv.slice(1), {
      cwd: request.cwd,
      env: request.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    })
    let stdout = ''
    let stderr = ''
    const pieces: RunResult['pieces'] = []
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text
      pieces.push({ at: Date.now() - started, text })
    })
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
    }, request.timeoutMs ?? 120_000)
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ code: null, signal: null, stdout, stderr: String(error), pieces, durationMs: 0 })
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr, pieces, durationMs: Date.now() - started })
    })
    child.stdin.end(request.input ?? '')
  })
}

async function main(): Promise<void> {
  let standIns: StandIns
  try {
    execFileSync('ip', ['link', 'set', 'lo', 'up'], { stdio: ['ignore', 'ignore', 'pipe'] })
    standIns = await startStandIns()
  } catch (error) {
    send({ failed: `cannot bring loopback up in the namespace: ${String(error).split('\n')[0]}` })
    process.exit(1)
  }
  send({ ready: { url: standIns.url, port: standIns.port } })
  const lines = createInterface({ input: process.stdin })
  const running: Promise<void>[] = []
  lines.on('line', (line) => {
    const message = JSON.parse(line) as {
      id: number
      run?: RunRequest
      requests?: boolean
      forget?: boolean
    }
    if (message.run)
      running.push(run(message.run).then((result) => send({ id: message.id, result })))
    else if (message.requests) send({ id: message.id, requests: standIns.requests })
    else if (message.forget) {
      standIns.requests.length = 0
      send({ id: message.id, forgotten: true })
    }
  })
  lines.on('close', () => {
    void Promise.all(running)
      .then(() => standIns.close())
      .then(() => process.exit(0))
  })
}

void main()
