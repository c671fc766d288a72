// The shared PlantUML pool with the real jar: never more than two JVMs whatever the load, and a
// process that hangs, floods its output or dies is replaced without losing the other diagrams.
import pidtree from 'pidtree'
import { describe, expect, it } from 'vitest'

import { findSandboxedPlantUml } from '../../src/node/diagrams/plantuml-jar.js'
import type { PlantUmlCommand } from '../../src/node/diagrams/plantuml-jar.js'
import { PlantUmlPool } from '../../src/node/diagrams/plantuml-pool.js'
import type { PlantUmlJob } from '../../src/node/diagrams/plantuml-process.js'

async function command(): Promise<PlantUmlCommand> {
  const setup = await findSandboxedPlantUml(process.env)
  if (!setup.ok) throw new Error(setup.problem)
  return setup.command
}

const job = (label: string, limits: Partial<PlantUmlJob> = {}): PlantUmlJob => ({
  format: 'svg',
  text: `@startuml\nAlice -> Bob : ${label}\n@enduml\n`,
  timeoutMs: 60_000,
  maxOutputBytes: 5_000_000,
  ...limits,
})

/** The java processes this test process has started, counted by the operating system. */
async function javaChildren(): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const pids = await pidtree(process.pid)
  let count = 0
  for (const pid of pids) {
    const name = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')
    if (name.trim() === 'java') count += 1
  }
  return count
}

describe('the PlantUML pool', () => {
  it.runIf(process.platform === 'linux')(
    'serves 20 concurrent renders with at most two JVMs, each answer its own',
    async () => {
      const pool = new PlantUmlPool(await command(), { size: 2, idleMs: 10_000 })
      let most = 0
      const watch = setInterval(() => {
        void javaChildren().then((count) => (most = Math.max(most, count)))
      }, 100)
      try {
        const labels = Array.from({ length: 20 }, (_, i) => `message-${i}`)
        const results = await Promise.all(labels.map((label) => pool.render(job(label))))
        results.forEach((result, i) => {
          expect(result.ok).toBe(true)
          expect(result.ok && result.output).toContain(`message-${i}<`)
        })
        expect(pool.stats).toMatchObject({ started: 2, peakAlive: 2 })
        expect(pool.stats.peakQueued).toBeGreaterThanOrEqual(18)
        most = Math.max(most, await javaChildren())
        expect(most).toBeGreaterThan(0)
        expect(most).toBeLessThanOrEqual(2)
      } finally {
        clearInterval(watch)
        pool.close()
      }
    },
  )

  it('replaces a process that takes too long, charging only that diagram', async () => {
    const pool = new PlantUmlPool(await command(), { size: 1, idleMs: 10_000 })
    try {
      // A fresh JVM needs far more than 5 ms for its first diagram: it is killed mid-way.
      const late = await pool.render(job('late', { timeoutMs: 5 }))
      expect(late).toMatchObject({ ok: false, error: expect.stringMatching(/took longer than/) })
      const next = await pool.render(job('next'))
      expect(next.ok && next.output).toContain('next<')
      expect(pool.stats.started).toBe(2)
    } finally {
      pool.close()
    }
  })

  it('stops a process whose output passes the cap, and carries on', async () => {
    const pool = new PlantUmlPool(await command(), { size: 1, idleMs: 10_000 })
    try {
      const flood = await pool.render(job('flood', { maxOutputBytes: 200 }))
      expect(flood).toMatchObject({ ok: false, error: expect.stringMatching(/more than/) })
      const next = await pool.render(job('after'))
      expect(next.ok && next.output).toContain('after<')
    } finally {
      pool.close()
    }
  })

  it('replaces a process that dies, and the queue goes on', async () => {
    const pool = new PlantUmlPool(await command(), { size: 1, idleMs: 10_000 })
    try {
      await pool.render(job('warm'))
      const [pid] = pool.pids()
      // A class diagram waits for graphviz, so the kill lands while it renders.
      const crashed = pool.render({
        ...job('crashed'),
        text: '@startuml\nclass A\nclass B\nclass C\nA --> B\nB --> C\n@enduml\n',
      })
      const queued = pool.render(job('queued'))
      process.kill(pid ?? 0, 'SIGKILL')
      expect(await crashed).toMatchObject({ ok: false, error: expect.stringMatching(/exited/) })
      const after = await queued
      expect(after.ok && after.output).toContain('queued<')
      expect(pool.pids()).not.toContain(pid)
    } finally {
      pool.close()
    }
  })
})
