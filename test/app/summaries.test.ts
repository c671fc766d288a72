/**
 * summaries:* through the backend: the engine's `summarize` (the one `discussions summarize`
 * calls) run in the background with progress events, read back with when, by whom and how many
 * comments came since; an unknown provider refused before anything is written, a cancel that
 * writes nothing, a provider that fails said in words, and a hostile `.sum.md` never followed.
 */
import { once } from 'node:events'
import { execFileSync } from 'node:child_process'
import { appendFile, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import type { Backend } from '../../src/backend/index.js'
import type { SummaryProgress, SummaryState } from '../../src/shared/contract/index.js'
import { tempFolder } from '../support/temp.js'
import { exampleBackend } from './backend-fixture.js'

type Reply<T> = { value?: T; error?: { message: string } }

let backend: Backend | null = null
let server: Server | null = null
afterEach(() => {
  backend?.close()
  backend = null
  server?.closeAllConnections()
  server?.close()
  server = null
})

/** The backend on the examples, with every `summaries:progress` event it sends. */
async function summaryBackend() {
  const fixture = await exampleBackend()
  backend = fixture.backend
  const events: SummaryProgress[] = []
  fixture.backend.subscribe((channel, payload) => {
    if (channel === 'summaries:progress') events.push(payload as SummaryProgress)
  })
  const ended = (runId: string): Promise<SummaryProgress> =>
    new Promise((resolve) => {
      const check = (): void => {
        const end = events.find(
          (e) => e.runId === runId && (e.kind === 'finished' || e.kind === 'error'),
        )
        if (end) resolve(end)
        else setTimeout(check, 10)
      }
      check()
    })
  const path = join(fixture.folder, 'add-user-authentication.md')
  const read = async (): Promise<SummaryState> =>
    ((await fixture.backend.invoke('summaries:read', { path })) as Reply<SummaryState>).value!
  return { ...fixture, events, ended, path, read }
}

/** A 127.0.0.1 stand-in of an OpenAI-compatible API, configured as the provider `standin`. */
async function standIn(
  read: () => Promise<SummaryState>,
  root: string,
  answer: (request: IncomingMessage, response: ServerResponse) => void,
) {
  let onRequest: () => void = () => undefined
  const requested = new Promise<void>((resolve) => (onRequest = resolve))
  server = createServer((request, response) => {
    onRequest()
    answer(request, response)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  await mkdir(join(root, '.config'), { recursive: true })
  await writeFile(
    join(root, '.config', 'providers.yaml'),
    [
      'providers:',
      '  - name: standin',
      '    type: openai',
      `    base_url: http://127.0.0.1:${port}/v1`,
      '    model: m',
      '',
    ].join('\n'),
  )
  // The settings are watched: the backend takes the new provider once it has seen the file.
  for (let i = 0; i < 200 && !(await read()).providers.includes('standin'); i++)
    await new Promise((resolve) => setTimeout(resolve, 25))
  return { requested }
}

describe('summaries through the backend', () => {
  it('writes the .sum.md with the demo provider, tells its progress, and reads it back', async () => {
    const { backend: api, folder, events, ended, path, read } = await summaryBackend()
    expect(await read()).toEqual({ summary: null, running: null, providers: ['demo'] })
    const started = (await api.invoke('summaries:start', { path, provider: 'demo' })) as Reply<{
      runId: string
    }>
    const runId = started.value!.runId
    const end = await ended(runId)
    // Started, the text as it streamed (the demo provider's in one piece), then finished.
    const kinds = events.filter((e) => e.runId === runId).map((e) => e.kind)
    expect(kinds[0]).toBe('started')
    expect(kinds.at(-1)).toBe('finished')
    expect(new Set(kinds.slice(1, -1))).toEqual(new Set(['text']))
    const streamed = events.filter((e) => e.kind === 'text').at(-1)
    expect(streamed?.kind === 'text' && streamed.text).toMatch(/\S/)
    const file = join(folder, 'add-user-authentication.sum.md')
    expect(end).toMatchObject({ kind: 'finished', file, provider: 'demo', aiError: null })
    const written = await readFile(file, 'utf8')
    expect(written).toContain('# Summary: Add User Authentication')
    expect(written).toContain('_Written by demo._')

    const state = await read()
    expect(state.running).toBeNull()
    expect(state.summary).toMatchObject({
      file,
      text: written,
      provider: 'demo',
      newComments: 0,
      changedSince: false,
    })
    expect(Date.parse(state.summary!.generated!)).toBeGreaterThan(Date.now() - 60_000)

    // Two comments later the summary says the discussion has grown since.
    await appendFile(
      path,
      '\nName: Rob\nOne more thing.\n\n---\n\nName: Ana\nAnd another.\n\n---\n',
    )
    expect((await read()).summary).toMatchObject({ newComments: 2, changedSince: true })
  })

  it('refuses an unknown provider before anything is written or sent', async () => {
    const { backend: api, folder, events, path } = await summaryBackend()
    const before = await readdir(folder)
    const refused = (await api.invoke('summaries:start', {
      path,
      provider: 'demoo',
    })) as Reply<unknown>
    expect(refused.error?.message).toMatch(/^No provider named "demoo" \(did you mean "demo"\?\)/)
    expect(await readdir(folder)).toEqual(before)
    expect(events).toEqual([])
  })

  it('writes nothing when cancelled: an older summary stays as it was', async () => {
    const { backend: api, root, folder, ended, path, read } = await summaryBackend()
    const file = join(folder, 'add-user-authentication.sum.md')
    await writeFile(file, '# An older summary\n')
    const held = await standIn(read, root, (_request, response) => {
      response.on('close', () => undefined) // never answers
    })
    const started = (await api.invoke('summaries:start', { path, provider: 'standin' })) as Reply<{
      runId: string
    }>
    const runId = started.value!.runId
    await held.requested
    expect((await api.invoke('summaries:read', { path })) as Reply<SummaryState>).toMatchObject({
      value: { running: runId },
    })
    // A second run on the same file is refused while the first goes on.
    const twice = (await api.invoke('summaries:start', { path })) as Reply<unknown>
    expect(twice.error?.message).toMatch(/already running/)
    expect(await api.invoke('summaries:cancel', { runId })).toEqual({ value: { cancelled: true } })
    expect(await ended(runId)).toMatchObject({
      kind: 'error',
      cancelled: true,
      message: 'Cancelled: no summary was written.',
    })
    expect(await readFile(file, 'utf8')).toBe('# An older summary\n')
    expect(await api.invoke('summaries:cancel', { runId })).toEqual({ value: { cancelled: false } })
  })

  it('says in words when the provider fails; the structured part is written, as the CLI does', async () => {
    const { backend: api, root, folder, ended, path, read } = await summaryBackend()
    await standIn(read, root, (_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { message: 'the model is asleep' } }))
    })
    const started = (await api.invoke('summaries:start', { path, provider: 'standin' })) as Reply<{
      runId: string
    }>
    const end = await ended(started.value!.runId)
    expect(end).toMatchObject({ kind: 'finished', provider: null })
    expect(end.kind === 'finished' && end.aiError).toMatch(/standin/)
    const written = await readFile(join(folder, 'add-user-authentication.sum.md'), 'utf8')
    expect(written).toContain('_No AI summary: no provider answered.')
  })

  it('never follows a .sum.md that leads out of the folder, nor waits on a FIFO', async () => {
    const { folder, read } = await summaryBackend()
    const outside = await tempFolder()
    await writeFile(join(outside, 'secret.md'), 'SECRET outside the folder\n')
    const file = join(folder, 'add-user-authentication.sum.md')
    await symlink(join(outside, 'secret.md'), file)
    expect((await read()).summary).toBeNull()
    await writeFile(
      join(folder, 'fifo.md'),
      await readFile(join(folder, 'add-user-authentication.md')),
    )
    execFileSync('mkfifo', [join(folder, 'fifo.sum.md')])
    const answer = (await backend!.invoke('summaries:read', {
      path: join(folder, 'fifo.md'),
    })) as Reply<SummaryState>
    expect(answer.error?.message).toMatch(/not a regular file/)
  })
})
