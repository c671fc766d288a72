// The turn runner over the real file store, bundled personas and templates, with scripted
// in-process providers standing in for the AI (the command and HTTP adapters have their own tests).
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../../src/core/discussion/describe.js'
import { renderNewDiscussion } from '../../src/core/discussion/create.js'
import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { runTurn } from '../../src/core/turns/run-turn.js'
import type { TurnDeps } from '../../src/core/turns/run-turn.js'
import type { TurnEvent } from '../../src/core/turns/turn-events.js'
import type { Persona } from '../../src/core/personas/schema.js'
import type { ProviderRequest, ProviderResult } from '../../src/core/providers/port.js'
import { ProviderError } from '../../src/core/providers/port.js'
import { loadPersonas, loadTemplates } from '../../src/node/config/registry.js'
import { packageRoot } from '../../src/node/config/paths.js'
import { DiscussionFileStore } from '../../src/node/store/discussion-store.js'
import { tempFolder } from '../support/temp.js'
import { admitName, admitText } from '../../src/core/text/text.js'

type Script = (persona: Persona, request: ProviderRequest) => Promise<string>

async function setup(options: { template?: string; phase?: string; participants?: string[] } = {}) {
  const folder = await tempFolder()
  const dirs = { project: null, user: join(folder, 'user'), bundled: packageRoot() }
  const [personas, templates] = await Promise.all([loadPersonas(dirs), loadTemplates(dirs)])
  const template = templates.require(options.template ?? 'feature').template
  const file = join(folder, 'd.md')
  await writeFile(
    file,
    renderNewDiscussion({
      title: admitName('Cache layer'),
      template: admitText(template.name),
      phase: admitText(options.phase ?? template.phases[0]?.id ?? 'x'),
      status: admitText(template.status),
      participants: (options.participants ?? ['architect', 'security', 'pragmatist']).map((a) =>
        admitText(a),
      ),
      context: admitText('Add a cache in front of the API.'),
      created: new Date('2026-11-01T10:00:00Z'),
      skeleton: template.skeleton === null ? null : admitText(template.skeleton),
    }),
  )
  const store = new DiscussionFileStore({ stateDir: join(folder, 'state') })
  const deps = (script: Script, consensus = {}): TurnDeps => ({
    store,
    persona: (alias) => personas.get(alias)?.persona,
    template: (name) => Promise.resolve(templates.get(name)?.template),
    random: () => Math.random().toString(16).slice(2, 10),
    consensus,
    complete: async (persona, request): Promise<ProviderResult> => {
      const started = Date.now()
      const text = await script(persona, request)
      request.onText?.(text)
      return {
        text,
        provider: 'scripted',
        durationMs: Date.now() - started,
        usage: {
          inputTokens: Math.ceil(request.prompt.length / 4),
          outputTokens: Math.ceil(text.length / 4),
          estimated: true,
        },
        costUsd: null,
        attempts: [],
      }
    },
  })
  const view = async () => describeDiscussion(parseDiscussion(await readFile(file, 'utf8')))
  return { file, deps, view }
}

const answer = (comment: string, vote: string | null = null) => JSON.stringify({ comment, vote })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('runTurn', () => {
  it('asks every participant in parallel and saves each answer with its vote', async () => {
    const { file, deps, view } = await setup()
    const events: TurnEvent[] = []
    let inFlight = 0
    let most = 0
    const result = await runTurn(
      { file, onEvent: (event) => events.push(event) },
      deps(async (persona) => {
        most = Math.max(most, ++inFlight)
        await sleep(300)
        inFlight--
        return answer(
          `${persona.name} thinks it is fine. @all`,
          persona.alias === 'security' ? 'CHANGES' : 'READY',
        )
      }),
    )
    expect(most).toBe(3) // all three asked at once, not one after another
    expect(result.selection).toEqual({
      aliases: ['architect', 'security', 'pragmatist'],
      source: 'phase',
    })
    expect(result.votes).toEqual({ READY: 2, CHANGES: 1, REJECT: 0 })
    const after = await view()
    expect(after.comments.map((c) => c.author).sort()).toEqual([
      'AI-Architect',
      'AI-Pragmatist',
      'AI-Security',
    ])
    expect(validateDiscussion(parseDiscussion(await readFile(file, 'utf8')))).toEqual([])
    for (const alias of ['architect', 'security', 'pragmatist']) {
      expect(
        events.filter((e) => 'participant' in e && e.participant === alias).map((e) => e.type),
      ).toEqual(['queued', 'started', 'text', 'done'])
    }
  })

  it('keeps the other answers when one participant crashes and one hangs past its timeout', async () => {
    const { file, deps, view } = await setup()
    const result = await runTurn(
      { file, timeoutMs: 300 },
      deps(async (persona, request) => {
        if (persona.alias === 'security')
          throw new ProviderError('exit', 'claude exited with code 3: boom')
        if (persona.alias === 'pragmatist') {
          // A hanging provider: only the timeout ends it.
          await new Promise((_, reject) =>
            setTimeout(
              () => reject(new ProviderError('timeout', 'no answer within 0.3 s')),
              request.timeoutMs,
            ),
          )
        }
        return answer('Solid plan.', 'READY')
      }),
    )
    expect(result.answers.map((a) => [a.participant, a.outcome])).toEqual([
      ['architect', 'done'],
      ['security', 'failed'],
      ['pragmatist', 'failed'],
    ])
    expect(result.answers[1]?.event).toMatchObject({ reason: 'claude exited with code 3: boom' })
    expect((await view()).comments.map((c) => c.author)).toEqual(['AI-Architect'])
  })

  it('lets each participant see the answers before it in sequential mode', async () => {
    const { file, deps } = await setup()
    const seen: Record<string, boolean> = {}
    await runTurn(
      { file, sequential: true },
      deps((persona, request) => {
        seen[persona.alias] = request.prompt.includes('Name: AI-Architect')
        return Promise.resolve(answer(`From ${persona.alias}.`))
      }),
    )
    expect(seen).toEqual({ architect: false, security: true, pragmatist: true })
  })

  it('routes to @mentions in the callout, asks no one for a name no persona has, saves nothing for NO_RESPONSE', async () => {
    const { file, deps, view } = await setup()
    const result = await runTurn(
      { file, callout: '@security and @rob, is this safe?' },
      deps(() => Promise.resolve(JSON.stringify({ sentinel: 'NO_RESPONSE' }))),
    )
    expect(result.selection).toEqual({ aliases: ['security'], source: 'callout' })
    expect(result.answers.map((a) => a.outcome)).toEqual(['no-response'])
    expect((await view()).comments).toEqual([])
  })

  it('keeps what arrived when the turn is cancelled', async () => {
    const { file, deps, view } = await setup()
    const controller = new AbortController()
    const result = await runTurn(
      { file, signal: controller.signal },
      deps(async (persona, request) => {
        if (persona.alias === 'architect') return answer('Quick one.', 'READY')
        setTimeout(() => controller.abort(), 50)
        await new Promise((_, reject) =>
          request.signal?.addEventListener('abort', () =>
            reject(new ProviderError('cancelled', 'cancelled')),
          ),
        )
        return ''
      }),
    )
    expect(result.cancelled).toBe(true)
    expect((await view()).comments.map((c) => c.author)).toEqual(['AI-Architect'])
  })

  it('advances the phase when everyone asked has answered (auto_trigger all_mentioned_responded)', async () => {
    const { file, deps, view } = await setup()
    const events: TurnEvent[] = []
    const result = await runTurn(
      { file, onEvent: (e) => events.push(e) },
      deps(() => Promise.resolve(answer('Noted.'))),
    )
    expect(result.phase).toMatchObject({ from: 'initial_feedback', advanceTo: 'detailed_review' })
    expect(events[events.length - 1]).toMatchObject({ type: 'phase', to: 'detailed_review' })
    expect((await view()).phase).toBe('detailed_review')
  })

  it('never moves the phase when it asked nobody', async () => {
    // No participants and a template this machine lacks: there is nobody to ask.
    const { file, deps, view } = await setup({ participants: [] })
    let calls = 0
    const scripted = deps(() => {
      calls++
      return Promise.resolve(answer('Noted.'))
    })
    const result = await runTurn(
      { file },
      { ...scripted, template: () => Promise.resolve(undefined) },
    )
    expect(result.selection.aliases).toEqual([])
    expect(result.phase).toBeNull()
    expect(calls).toBe(0)
    expect((await view()).phase).toBe('initial_feedback')
  })

  it('tells when a provider of the chain failed and drops the text it had streamed', async () => {
    const { file, deps } = await setup({ participants: ['architect'] })
    const base = deps(() => Promise.resolve(answer('Second provider answer.')))
    const events: TurnEvent[] = []
    await runTurn(
      { file, onEvent: (e) => events.push(e) },
      {
        ...base,
        complete: async (persona, request) => {
          request.onText?.('{"comment": "half an answer from the first')
          request.onRetry?.(
            { provider: 'first', ok: false, error: 'exited with code 1', durationMs: 5 },
            'second',
          )
          return base.complete(persona, request)
        },
      },
    )
    const retry = events.find((e) => e.type === 'retrying')
    expect(retry).toEqual({
      type: 'retrying',
      participant: 'architect',
      failed: 'first',
      reason: 'exited with code 1',
      next: 'second',
    })
    const texts = events.flatMap((e) => (e.type === 'text' ? [e.comment] : []))
    expect(texts.at(-1)).toBe('Second provider answer.')
  })

  it('promotes the status on consensus in a voting phase, and on a block', async () => {
    const ready = await setup({ phase: 'consensus_vote' })
    await runTurn(
      { file: ready.file },
      ready.deps(() => Promise.resolve(answer('Ship it.', 'READY')), { human_required: false }),
    )
    expect((await ready.view()).status).toBe('READY_FOR_IMPLEMENTATION')

    const blocked = await setup({ phase: 'consensus_vote' })
    await runTurn(
      { file: blocked.file },
      blocked.deps((persona) =>
        Promise.resolve(answer('No.', persona.alias === 'security' ? 'REJECT' : 'READY')),
      ),
    )
    expect((await blocked.view()).status).toBe('BLOCKED')
  })

  it('never records a vote for a background persona', async () => {
    const { file, deps, view } = await setup({ participants: ['researcher'] })
    await runTurn(
      { file, participants: ['@researcher'] },
      deps(() => Promise.resolve(answer('Three sources agree.', 'READY'))),
    )
    const after = await view()
    expect(after.comments.map((c) => [c.author, c.vote])).toEqual([['AI-Researcher', null]])
  })
})
