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

async function signIn(server: UiServer): Promise<string> {
  const response = await get(server.url)
  expect(response.status).toBe(303)
  const cookie = String(response.headers['set-cookie'])
  expect(cookie).toMatch(/HttpOnly; SameSite=Strict; Path=\//)
  return cookie.split(';')[0] ?? ''
}

describe('the browser-mode server', () => {
  it('listens on 127.0.0.1 and trades its one-time token for a cookie', async () => {
    const { server } = await serve()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}$/)
    const origin = new URL(server.url).origin
    expect((await get(`${origin}/`)).status).toBe(401)
    const cookie = await signIn(server)
    expect((await get(server.url)).status).toBe(403) // used once already
    const page = await get(`${origin}/`, { cookie })
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect((await get(`${origin}/../../etc/passwd`, { cookie })).status).toBe(404)
  })

  it('refuses a wrong Host or Origin', async () => {
    const { server } = await serve()
    const cookie = await signIn(server)
    const origin = new URL(server.url).origin
    expect((await get(`${origin}/`, { cookie, host: 'evil.example' })).status).toBe(421)
    expect((await get(`${origin}/`, { cookie, origin: 'http://evil.example' })).status).toBe(403)
    expect((await get(`${origin}/`, { cookie, origin })).status).toBe(200)
  })

  it('serves the contract over a WebSocket only to a signed-in page of its own origin', async () => {
    const { server, folder } = await serve()
    const origin = new URL(server.url).origin
    const socketUrl = `${origin.replace('http', 'ws')}/api`
    const refused = (headers: Record<string, string>) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(socketUrl, { headers })
        ws.on('open', () => resolve(false))
        ws.on('error', () => resolve(true))
      })
    const cookie = await signIn(server)
    expect(await refused({ origin })).toBe(true)
    expect(await refused({ cookie })).toBe(true)
    expect(await refused({ cookie, origin: 'http://evil.example' })).toBe(true)

    const ws = new WebSocket(socketUrl, { headers: { cookie, origin } })
    await new Promise((resolve) => ws.on('open', resolve))
    const reply = new Promise<unknown>((resolve) =>
      ws.on('message', (data: Buffer) => resolve(JSON.parse(data.toString()))),
    )
    ws.send(JSON.stringify({ id: 7, channel: 'discussions:list', payload: { folder } }))
    expect(await reply).toMatchObject({ id: 7, reply: { value: expect.any(Array) } })
    ws.close()
  })
})
