// The store under real processes: writers killed with SIGKILL at random moments, and writers
// appending at the same time. Nothing acknowledged may be lost or altered, and no bytes interleave.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { commentBodyFor } from '../support/comment-bodies.js'
import { writtenBody } from '../support/written-text.js'
import { ROOT } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const START =
  '<!-- DISCUSSION -->\n<!-- Title: Crash -->\n<!-- Phase: review -->\n<!-- Status: OPEN -->\n\n# Crash\n\n---\n'
const WORKER = join(ROOT, 'test', 'support', 'append-worker.ts')
const KILL_ROUNDS = Number(process.env.CRASH_ROUNDS ?? 24)

interface Worker {
  child: ChildProcess
  acks: string[]
  firstAck: Promise<void>
  done: Promise<void>
}

function startWorker(file: string, stateDir: string, id: string, count: number): Worker {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', WORKER, file, stateDir, id, String(count)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const acks: string[] = []
  let onFirst: () => void = () => undefined
  const firstAck = new Promise<void>((resolve) => (onFirst = resolve))
  let buffered = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) if (line.startsWith('ACK ')) acks.push(line.slice(4))
    if (acks.length > 0) onFirst()
  })
  const done = new Promise<void>((resolve) => child.on('close', () => resolve()))
  void done.then(() => onFirst())
  return { child, acks, firstAck, done }
}

function checkFile(text: string, acknowledged: string[]) {
  const parsed = parseDiscussion(text)
  const bodies = new Map<string, string[]>()
  for (const comment of parsed.comments) {
    const id = /^Comment (\S+)\./.exec(comment.body)?.[1]
    if (!id) continue
    bodies.set(id, [...(bodies.get(id) ?? []), comment.body])
  }
  for (const id of acknowledged) {
    expect(bodies.get(id), `acknowledged comment ${id}`).toEqual([
      `${writtenBody(commentBodyFor(id), { votes: true })}\n\nVOTE: READY`,
    ])
  }
  return parsed
}

describe('store under SIGKILL', { retry: 1 }, () => {
  it(`loses no acknowledged comment when writers are killed at random moments (${KILL_ROUNDS} kills)`, async () => {
    const folder = await tempFolder()
    const file = join(folder, 'crash.md')
    const stateDir = join(folder, 'state')
    await writeFile(file, START)
    const acknowledged: string[] = []
    for (let round = 0; round < KILL_ROUNDS; round++) {
      const worker = startWorker(file, stateDir, `r${round}`, 10_000)
      await worker.firstAck
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 120))
      worker.child.kill('SIGKILL')
      await worker.done
      acknowledged.push(...worker.acks)
    }
    // One more writer after the last kill: it must find the file appendable, whatever state it is in.
    const last = startWorker(file, stateDir, 'final', 3)
    await last.done
    acknowledged.push(...last.acks)
    expect(last.acks).toHaveLength(3)

    const parsed = checkFile(await readFile(file, 'utf8'), acknowledged)
    expect(acknowledged.length).toBeGreaterThan(KILL_ROUNDS)
    // Every problem left is a marked cut-short block: detected, never silent.
    for (const problem of validateDiscussion(parsed))
      expect(problem.message).toMatch(/never closed with ---/)
    expect(parsed.comments.every((c) => c.closed)).toBe(true)
  }, 180_000)
})

describe('store with concurrent writers', () => {
  it('interleaves no bytes and loses nothing when two processes append at once', async () => {
    const folder = await tempFolder()
    const file = join(folder, 'busy.md')
    const stateDir = join(folder, 'state')
    await writeFile(file, START)
    const count = 60
    const workers = [
      startWorker(file, stateDir, 'a', count),
      startWorker(file, stateDir, 'b', count),
    ]
    await Promise.all(workers.map((worker) => worker.done))
    const acknowledged = workers.flatMap((worker) => worker.acks)
    expect(acknowledged).toHaveLength(2 * count)
    const parsed = checkFile(await readFile(file, 'utf8'), acknowledged)
    expect(parsed.comments).toHaveLength(2 * count)
    expect(validateDiscussion(parsed)).toEqual([])
    // Each worker's comments keep their own order.
    for (const id of ['a', 'b']) {
      const mine = parsed.comments
        .filter((c) => c.author === `AI-Worker-${id}`)
        .map((c) => c.body.split('.')[0])
      expect(mine).toEqual(Array.from({ length: count }, (_, i) => `Comment ${id}-${i}`))
    }
  }, 120_000)
})
