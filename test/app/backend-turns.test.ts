// The app's part 2 through the backend, on real files: turns with a real command provider (a
// small script), comments, phase changes, personas, providers, and answers saved over by an
// editor coming back.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import type { Backend, EventListener } from '../../src/backend/index.js'
import type {
  DiscussionRestored,
  PersonaDetail,
  ProvidersState,
  TurnPlanInfo,
  TurnProgress,
} from '../../src/shared/contract/index.js'
import { ROOT } from '../support/run-cli.js'
import { exampleBackend } from './backend-fixture.js'

const SCRIPT = join(ROOT, 'e2e', 'support', 'scripted-provider.mjs')
let open: Backend | null = null
afterEach(() => open?.close())

async function setup(extraArgs: string[] = []) {
  const fixture = await exampleBackend()
  open = fixture.backend
  const gate = join(fixture.root, 'gate')
  await mkdir(gate)
  await mkdir(join(fixture.root, '.config'), { recursive: true })
  const command = JSON.stringify([process.execPath, SCRIPT, '--gate', gate, ...extraArgs])
  await writeFile(
    join(fixture.root, '.config', 'providers.yaml'),
    `providers:\n  - name: scripted\n    command: ${command}\ndefault: scripted\n`,
  )
  const events: { channel: string; payload: unknown }[] = []
  const listener: EventListener = (channel, payload) => events.push({ channel, payload })
  fixture.backend.subscribe(listener)
  const path = join(fixture.folder, 'add-user-authentication.md')
  return { ...fixture, gate, events, path }
}

async function value<T>(reply: Promise<unknown>): Promise<T> {
  const settled = (await reply) as { value?: T; error?: { message: string } }
  if (settled.error) throw new Error(settled.error.message)
  return settled.value as T
}

function until<T>(events: { channel: string; payload: unknown }[], find: () => T | undefined) {
  return new Promise<T>((resolve) => {
    const check = (): void => {
      const found = find()
      if (found !== undefined) resolve(found)
      else setTimeout(check, 20)
    }
    check()
  })
}

const progress = (events: { channel: string; payload: unknown }[]): TurnProgress[] =>
  events.filter((e) => e.channel === 'turns:progress').map((e) => e.payload as TurnProgress)

describe('turns in the backend', () => {
  it('plans, runs with live events, appends answers and journals them', async () => {
    const { backend, gate, events, path } = await setup(['--fail', 'pragmatist'])
    const plan = await value<TurnPlanInfo>(backend.invoke('turns:plan', { path }))
    expect(plan.defaultProvider).toBe('scripted')
    expect(plan.usingDemo).toBe(false)
    expect(plan.candidates.filter((c) => c.member).map((c) => c.alias)).toEqual([
      'architect',
      'security',
      'pragmatist',
    ])
    expect(plan.preselected.length).toBeGreaterThan(0)

    const { turnId } = await value<{ turnId: string }>(
      backend.invoke('turns:start', {
        path,
        participants: ['architect', 'security', 'pragmatist'],
      }),
    )
    // The answers stream up to the gate: the partial text arrives before anything is saved.
    const partial = await until(events, () =>
      progress(events).find(
        (p) =>
          p.kind === 'event' && p.event.type === 'text' && p.event.comment.includes('Scripted'),
      ),
    )
    expect(partial.turnId).toBe(turnId)
    const second = await value<{ error?: unknown }>(
      backend.invoke('turns:start', { path }).then((reply) => ({ value: reply })),
    )
    expect(JSON.stringify(second)).toContain('already running')

    await writeFile(join(gate, 'all'), '')
    const finished = await until(events, () => progress(events).find((p) => p.kind === 'finished'))
    expect(finished.kind === 'finished' && finished.outcome.cancelled).toBe(false)
    const byType = (type: string) =>
      progress(events).filter((p) => p.kind === 'event' && p.event.type === type)
    expect(byType('done')).toHaveLength(2)
    const failed = byType('failed')[0]
    expect(
      failed?.kind === 'event' && failed.event.type === 'failed' && failed.event.reason,
    ).toMatch(/quota exceeded/)
    const text = await readFile(path, 'utf8')
    expect(text).toContain('Scripted answer from AI-Architect.')
    expect(text).toMatch(/Scripted answer from AI-Security[\s\S]*VOTE: CHANGES/)
  })

  it('cancels a running turn, keeping nothing half-written', async () => {
    const { backend, events, path } = await setup()
    const before = await readFile(path, 'utf8')
    const { turnId } = await value<{ turnId: string }>(
      backend.invoke('turns:start', { path, participants: ['architect'] }),
    )
    await until(events, () =>
      progress(events).find((p) => p.kind === 'event' && p.event.type === 'text'),
    )
    expect(await value(backend.invoke('turns:cancel', { turnId }))).toEqual({ cancelled: true })
    const finished = await until(events, () => progress(events).find((p) => p.kind === 'finished'))
    expect(finished.kind === 'finished' && finished.outcome.cancelled).toBe(true)
    expect(await readFile(path, 'utf8')).toBe(before)
  })

  it('answers a turn it refuses with the reason, and starts nothing', async () => {
    const { backend, events, folder, path } = await setup()
    const refusal = async (request: object): Promise<string> => {
      const reply = (await backend.invoke('turns:start', request)) as {
        error?: { message: string }
      }
      return reply.error?.message ?? 'started'
    }
    expect(await refusal({ path, participants: ['architetc'] })).toMatch(
      /No persona named @architetc; did you mean @architect\?/,
    )
    expect(await refusal({ path: join(folder, 'gone.md') })).toMatch(/gone\.md: no such file/)
    expect(progress(events)).toEqual([])
  })
})

describe('comments, phases and lost answers', () => {
  it('adds a comment with a vote and advances the phase with a vote reset', async () => {
    const { backend, path } = await setup()
    const added = await value<{ line: number; author: string }>(
      backend.invoke('comments:add', { path, text: 'Ship it.', vote: 'READY' }),
    )
    expect(added.author).toBe('Rob')
    const refused = (await backend.invoke('comments:add', { path, text: '   ' })) as {
      error: { message: string }
    }
    expect(refused.error.message).toMatch(/text: is empty/)
    const moved = await value<{ from: string; to: string }>(
      backend.invoke('phases:advance', { path, to: 'consensus_vote' }),
    )
    expect(moved.to).toBe('consensus_vote')
    const text = await readFile(path, 'utf8')
    expect(text).toMatch(/Name: Rob\n\nShip it\.\n\nVOTE: READY/)
    expect(text).toContain('<!-- VOTE-RESET: consensus_vote -->')
    expect(text).toContain('<!-- Phase: consensus_vote -->')
  })

  it('restores what an editor saved over and says so', async () => {
    const { backend, events, path } = await setup()
    const old = await readFile(path, 'utf8')
    await value(backend.invoke('comments:add', { path, text: 'Mine, from the app.' }))
    await writeFile(path, old) // the editor's older buffer
    const restored = await until(events, () =>
      events.find((e) => e.channel === 'discussions:restored'),
    )
    expect((restored.payload as DiscussionRestored).authors).toEqual(['Rob'])
    const text = await readFile(path, 'utf8')
    expect(text.startsWith(old)).toBe(true)
    expect(text.slice(old.length)).toContain('Mine, from the app.')
  })
})

describe('personas and providers', () => {
  it('reads a bundled persona and saves an edited copy to the user folder', async () => {
    const { backend, root } = await setup()
    const detail = await value<PersonaDetail>(
      backend.invoke('personas:read', { alias: 'architect' }),
    )
    expect(detail.source).toBe('bundled')
    const bad = (await backend.invoke('personas:save', {
      target: 'user',
      persona: { ...detail.persona, name: 'Chen' },
    })) as { error: { message: string } }
    expect(bad.error.message).toMatch(/persona.name: must start with "AI-"/)
    const saved = await value<{ file: string; replaced: boolean }>(
      backend.invoke('personas:save', {
        target: 'user',
        persona: { ...detail.persona, role: 'Chief Architect' },
      }),
    )
    expect(saved.file).toBe(join(root, '.config', 'personas', 'architect.yaml'))
    expect(await readFile(saved.file, 'utf8')).toContain('role: Chief Architect')
    const again = await value<PersonaDetail>(
      backend.invoke('personas:read', { alias: 'architect' }),
    )
    expect(again).toMatchObject({ source: 'user', persona: { role: 'Chief Architect' } })
  })

  it('asks to trust a project whose personas run programs of their own', async () => {
    const { backend, root } = await setup()
    const untrusted = await value<ProvidersState>(
      backend.invoke('providers:list', { probe: false }),
    )
    expect(untrusted.project).toBeNull()
    await mkdir(join(root, '.discussions', 'personas'), { recursive: true })
    await writeFile(
      join(root, '.discussions', 'personas', 'reviewer.yaml'),
      'name: AI-Reviewer\nalias: reviewer\nrole: Reviewer\npersonality: p\ncommand: discussion-reviewer\n',
    )
    await value(backend.invoke('workspace:open', { folder: root })) // read the project again
    const state = await value<ProvidersState>(
      backend.invoke('providers:list', { folder: root, probe: false }),
    )
    expect(state.project).toMatchObject({ trusted: false })
    expect(state.project?.brings).toEqual([
      expect.stringMatching(/reviewer\.yaml: @reviewer runs discussion-reviewer$/),
    ])
    await value(backend.invoke('providers:trust', { folder: root, trust: true }))
    const trusted = await value<ProvidersState>(
      backend.invoke('providers:list', { folder: root, probe: false }),
    )
    expect(trusted.project?.trusted).toBe(true)
  })

  it('lists providers, tests one and makes it the default in the user settings', async () => {
    const { backend, root, gate } = await setup()
    await writeFile(join(gate, 'all'), '')
    const state = await value<ProvidersState>(backend.invoke('providers:list', { probe: false }))
    expect(state.providers.map((p) => [p.name, p.usable])).toEqual([
      ['scripted', true],
      ['demo', true],
    ])
    expect(state.defaultName).toBe('scripted')
    const tested = await value<{ text: string }>(
      backend.invoke('providers:test', { name: 'scripted' }),
    )
    expect(tested.text).toContain('Scripted answer')
    await writeFile(
      join(root, '.config', 'discussions.yaml'),
      '# my settings\nuser:\n  name: Rob\n',
    )
    await value(backend.invoke('providers:setDefault', { name: 'demo' }))
    const settings = await readFile(join(root, '.config', 'discussions.yaml'), 'utf8')
    expect(settings).toContain('# my settings')
    expect(settings).toMatch(/providers:\n\s+default: demo/)
    const after = await value<ProvidersState>(backend.invoke('providers:list', { probe: false }))
    expect(after).toMatchObject({ defaultName: 'demo', usingDemo: true })
  })
})
