/**
 * A network namespace that has only loopback, with the API stand-ins running in it: every program
 * started through `run` shares that one network, so nothing it does can reach any address but
 * 127.0.0.1, whatever it tries. Made with `unshare -n` as root, `unshare -rn` (a user namespace
 * too) otherwise; `namespaceProblem()` says why a machine cannot make one.
 */
import { spawn, spawnSync } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

import { ROOT } from '../run-cli.js'
import type { RunRequest, RunResult } from './namespace-helper.js'
import type { RecordedRequest } from './stand-ins.js'

export type { RunRequest, RunResult } from './namespace-helper.js'

const UNSHARE = process.getuid?.() === 0 ? ['-n'] : ['-rn']

/** Why this machine cannot make a loopback-only namespace, or null when it can. */
export function namespaceProblem(): string | null {
  if (process.platform !== 'linux')
    return `network namespaces are Linux's (this is ${process.platform})`
  const tried = spawnSync('unshare', [...UNSHARE, 'ip', 'link', 'set', 'lo', 'up'], {
    encoding: 'utf8',
  })
  if (tried.error) return `unshare could not run: ${tried.error.message}`
  if (tried.status !== 0)
    return `unshare ${UNSHARE.join(' ')} failed: ${(tried.stderr || tried.stdout).trim().split('\n')[0] ?? ''}`
  return null
}

export interface LoopbackNamespace {
  /** The stand-ins' address inside the namespace: `http://127.0.0.1:PORT`. */
  url: string
  port: number
  /** Runs a program inside the namespace and waits for it to end. */
  run(request: RunRequest): Promise<RunResult>
  /** What the stand-ins received so far. */
  requests(): Promise<RecordedRequest[]>
  forget(): Promise<void>
  close(): Promise<void>
}

export async function openLoopbackNamespace(): Promise<LoopbackNamespace> {
  const helper: ChildProcessWithoutNullStreams = spawn(
    'unshare',
    [
      ...UNSHARE,
      process.execPath,
      '--import',
      'tsx',
      join(import.meta.dirname, 'namespace-helper.ts'),
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let stderr = ''
  helper.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const waiting = new Map<number, (message: Record<string, unknown>) => void>()
  let nextId = 1
  const lines = createInterface({ input: helper.stdout })
  const ready = new Promise<{ url: string; port: number }>((resolve, reject) => {
    helper.on('close', (code) =>
      reject(new Error(`the namespace helper exited (${code}): ${stderr.trim()}`)),
    )
    lines.on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>
      if (message.ready) resolve(message.ready as { url: string; port: number })
      else if (message.failed)
        reject(new Error(typeof message.failed === 'string' ? message.failed : 'failed'))
      else waiting.get(message.id as number)?.(message)
    })
  })
  const { url, port } = await ready
  const ask = (request: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const id = nextId++
    return new Promise((resolve) => {
      waiting.set(id, (message) => {
        waiting.delete(id)
        resolve(message)
      })
      helper.stdin.write(`${JSON.stringify({ id, ...request })}\n`)
    })
  }
  return {
    url,
    port,
    run: async (request) => (await ask({ run: request })).result as RunResult,
    requests: async () => (await ask({ requests: true })).requests as RecordedRequest[],
    forget: async () => {
      await ask({ forget: true })
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (helper.exitCode !== null) return resolve()
        helper.on('close', () => resolve())
        helper.stdin.end()
      }),
  }
}
