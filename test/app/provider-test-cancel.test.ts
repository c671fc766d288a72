/**
 * Cancelling a provider's Test stops the call itself, not only the app's wait: a 127.0.0.1
 * stand-in of an OpenAI-compatible API holds the request open and records when its connection
 * closes, which happens only when the backend aborts the call.
 */
import { once } from 'node:events'
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { afterEach, expect, it } from 'vitest'

import type { Backend } from '../../src/backend/index.js'
import { exampleBackend } from './backend-fixture.js'

let backend: Backend | null = null
let server: Server | null = null
afterEach(() => {
  backend?.close()
  server?.closeAllConnections()
  server?.close()
})

/** A stand-in that never answers: it reports each request, and each connection as it closes. */
async function holdingApi(): Promise<{
  url: string
  requested: Promise<IncomingMessage>
  closed: Promise<void>
}> {
  let onRequest: (request: IncomingMessage) => void = () => undefined
  let onClose: () => void = () => undefined
  const requested = new Promise<IncomingMessage>((resolve) => (onRequest = resolve))
  const closed = new Promise<void>((resolve) => (onClose = resolve))
  server = createServer((request, response) => {
    onRequest(request)
    response.on('close', onClose) // the client went away: nothing was ever sent
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/v1`, requested, closed }
}

type Reply<T> = { value?: T; error?: { message: string } }

it('aborts the running call when the test is cancelled, and says whether one was running', async () => {
  const api = await holdingApi()
  const fixture = await exampleBackend()
  backend = fixture.backend
  await mkdir(join(fixture.root, '.config'), { recursive: true })
  await writeFile(
    join(fixture.root, '.config', 'providers.yaml'),
    [
      'providers:',
      '  - name: slow',
      '    type: openai',
      `    base_url: ${api.url}`,
      '    model: m',
      '',
    ].join('\n'),
  )
  const testing = backend.invoke('providers:test', { name: 'slow' }) as Promise<Reply<unknown>>
  await api.requested
  const cancelled = (await backend.invoke('providers:cancelTest', {
    name: 'slow',
  })) as Reply<boolean>
  expect(cancelled.value).toBe(true)
  await api.closed // the stand-in saw its connection closed by the backend
  const settled = await testing
  expect(settled.error?.message).toMatch(/^slow failed: .*cancel/i)
  const again = (await backend.invoke('providers:cancelTest', { name: 'slow' })) as Reply<boolean>
  expect(again.value).toBe(false)
})
