/**
 * Debates run by the backend, as the app runs them: debates:start creates the file with the CLI's
 * role weights and runs it in the background, debates:progress reports each participant, a cancel
 * stops it (OPEN again, RUNNING only while a run goes on), and debates:resume finishes it. The
 * provider is a real command: e2e's scripted provider, held at a gate between the steps.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import type { Backend } from '../../src/backend/index.js'
import type { DebateInfo, DebateProgress } from '../../src/shared/contract/index.js'
import { exampleBackend } from '../app/backend-fixture.js'

const SCRIPT = join(import.meta.dirname, '../../e2e/support/scripted-provider.mjs')

let open: Backend | null = null
afterEach(() => open?.close())

async function until<T>(check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((done) => setTimeout(done, 50))
  }
  throw new Error('timed out waiting')
}

describe('debates run by the backend', () => {
  it('starts with role weights, reports progress, cancels, resumes and finishes', async () => {
    const { backend, folder, root } = await exampleBackend()
    open = backend
    const gate = join(root, 'gate')
    await mkdir(gate)
    await writeFile(
      join(root, '.config', 'providers.yaml'),
      `providers:\n  - name: scripted\n    command: ${JSON.stringify([process.execPath, SCRIPT, '--gate', gate])}\ndefault: scripted\n`,
    ).catch(async () => {
      await mkdir(join(root, '.config'))
      await writeFile(
        join(root, '.config', 'providers.yaml'),
        `providers:\n  - name: scripted\n    command: ${JSON.stringify([process.execPath, SCRIPT, '--gate', gate])}\ndefault: scripted\n`,
      )
    })
    const events: DebateProgress[] = []
    backend.subscribe((channel, payload) => {
      if (channel === 'debates:progress') events.push(payload as DebateProgress)
    })
    const read = async (path: string) =>
      ((await backend.invoke('debates:read', { path })) as { value: DebateInfo }).value

    const started = (await backend.invoke('debates:start', {
      folder,
      title: 'Where should sessions live',
      participants: ['architect', 'security', 'pragmatist'],
      weights: { architect: 2, security: 1.5, pragmatist: 1 },
    })) as { value: { path: string; runId: string } }
    const { path, runId } = started.value
    expect(await readFile(path, 'utf8')).toMatch(/architect.*2/)
    // Every participant is asked for a proposal, which waits at the gate.
    const writing = await until(async () => {
      const info = await read(path)
      const propose = info.progress?.phases.find((phase) => phase.phase === 'propose')
      const states = Object.values(propose?.participants ?? {}).map((p) => p.state)
      return states.length === 3 && states.every((state) => state === 'writing') ? info : undefined
    })
    expect(writing.status).toBe('RUNNING')
    expect(writing.running).toBe(runId)
    expect(events.some((e) => e.kind === 'event' && e.event.type === 'participant-started')).toBe(
      true,
    )

    expect(await backend.invoke('debates:cancel', { runId })).toEqual({
      value: { cancelled: true },
    })
    await until(() => events.find((e) => e.kind === 'finished'))
    expect(events.find((e) => e.kind === 'finished')).toMatchObject({ cancelled: true })
    const stopped = await read(path)
    expect(stopped.status).toBe('OPEN')
    expect(stopped.running).toBeNull()

    await writeFile(join(gate, 'debate-go'), '')
    const resumed = (await backend.invoke('debates:resume', { path })) as {
      value: { runId: string }
    }
    await until(() => events.find((e) => e.kind === 'finished' && e.runId === resumed.value.runId))
    const done = await read(path)
    expect(done.status).toBe('CONSENSUS')
    expect(done.outcome).toMatchObject({ kind: 'consensus', round: 1 })
    expect(done.progress).toBeNull()
  }, 60_000)
})
