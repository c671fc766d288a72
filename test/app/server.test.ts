import { mkdir, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'

import { startUiServer } from '../../src/server/index.js'
import type { UiServer } from '../../src/server/index.js'
import { tempFolder } from '../support/temp.js'
import { exampleBackend } from './backend-fixture.js'

const running: UiServer[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()))
})

async function serve() {
  const { backend, folder } = await exampleBackend()
  const rendererDir = await tempFolder()
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
  await mkdir(join(rendererDir, 'assets'))
  await writeFile(join(rendererDir, 'mermaid-sandbox.html'), '<!doctype html><title>m</title>')
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'export {}')
  const server = await startUiServer({ backend, rendererDir })
  running.push({ ...server, close: async () => (await server.close(), backend.close()) })
  return { server, folder }
}

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number
    headers: Record<string, string | string[] | undefined>
    body: string
  }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

function tokenOf(server: UiServer): string {
  return new URL(server.url).hash.replace('#token=', '')
}

/** A WebSocket to the server's API, as the page opens it: token offered as a subprotocol. */
function openSocket(
  server: UiServer,
  token = tokenOf(server),
  origin = new URL(server.url).origin,
) {
  const url = `${origin.replace('http', 'ws')}/api`
  return new WebSocket(url, ['discussions', `token.${token}`], { headers: { origin } })
}

function opened(ws: WebSocket): Promise<boolean> {
  return new Promise((resolve) => {
    ws.on('open', () => resolve(true))
    ws.on('error', () => resolve(false))
  })
}

async function ask(ws: WebSocket, id: number, channel: unknown, payload: unknown) {
  const reply = new Promise<{
    id: number
    reply: { value?: unknown; error?: { message: string } }
  }>((resolve) => {
    const listen = (data: Buffer): void => {
      const message = JSON.parse(data.toString()) as { id?: number }
      if (message.id !== id) return
      ws.off('message', listen)
      resolve(message as never)
    }
    ws.on('message', listen)
  })
  ws.send(JSON.stringify({ id, channel, payload }))
  return reply
}

describe('the browser-mode server', () => {
  it('prints a URL with the token in its fragment; files carry no data and need no token', async () => {
    const { server } = await serve()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{40,}$/)
    const origin = new URL(server.url).origin
    const page = await get(`${origin}/`)
    expect(page.status).toBe(200)
    expect(page.headers['set-cookie']).toBeUndefined()
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect((await get(`${origin}/../../etc/passwd`)).status).toBe(404)
    expect((await get(`${origin}/api`)).status).toBe(426)
  })

  it('serves the Mermaid frame under its own sandboxing CSP, and its scripts to it', async () => {
    const { server } = await serve()
    const origin = new URL(server.url).origin
    const frame = await get(`${origin}/mermaid-sandbox.html`)
    const policy = String(frame.headers['content-security-policy'])
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain('sandbox allow-scripts')
    expect(policy).toContain('img-src data:')
    expect(policy).not.toMatch(/connect-src|allow-same-origin/)
    // The frame's origin is opaque ("null"): it may load the app's scripts, and nothing more.
    const script = await get(`${origin}/assets/app.js`, { origin: 'null' })
    expect(script.status).toBe(200)
    expect(script.headers['access-control-allow-origin']).toBe('null')
    expect(
      (await get(`${origin}/assets/app.js`, { origin })).headers['access-control-allow-origin'],
    ).toBeUndefined()
  })

  it('refuses a wrong Host or Origin', async () => {
    const { server } = await serve()
    const origin = new URL(server.url).origin
    expect((await get(`${origin}/`, { host: 'evil.example' })).status).toBe(421)
    expect((await get(`${origin}/`, { origin: 'http://evil.example' })).status).toBe(403)
    expect((await get(`${origin}/`, { origin })).status).toBe(200)
  })

  it('serves the contract over a WebSocket only with the token, from its own origin', async () => {
    const { server, folder } = await serve()
    const origin = new URL(server.url).origin
    const socketUrl = `${origin.replace('http', 'ws')}/api`
    expect(await opened(new WebSocket(socketUrl, { headers: { origin } }))).toBe(false)
    expect(await opened(openSocket(server, 'guessed'))).toBe(false)
    expect(await opened(openSocket(server, tokenOf(server), 'http://evil.example'))).toBe(false)
    const cookieOnly = new WebSocket(socketUrl, ['discussions'], {
      headers: { origin, cookie: `od_session=${tokenOf(server)}` },
    })
    expect(await opened(cookieOnly)).toBe(false)

    // The token stays valid: a second tab (a second socket) works as the first did.
    for (const id of [7, 8]) {
      const ws = openSocket(server)
      expect(await opened(ws)).toBe(true)
      expect(ws.protocol).toBe('discussions')
      const answer = await ask(ws, id, 'discussions:list', { folder })
      expect(answer).toMatchObject({ id, reply: { value: expect.any(Array) } })
      ws.close()
    }
  })
})
