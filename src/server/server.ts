/**
 * The browser mode: the built renderer and the backend over HTTP + WebSocket, bound to 127.0.0.1.
 * The URL it prints carries a one-time token; the first page load trades it for an HttpOnly,
 * SameSite=Strict session cookie. Every response carries the app's CSP.
 */
import { createReadStream } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { WebSocketServer } from 'ws'

import { contentSecurityPolicy, resolveStaticFile } from '../backend/index.js'
import type { Backend } from '../backend/index.js'
import { SECURITY_HEADERS } from '../backend/csp.js'
import { Guard } from './guard.js'
import { bridgeSockets } from './socket-bridge.js'

export interface UiServerOptions {
  backend: Backend
  /** The built renderer: `out/renderer`. */
  rendererDir: string
  /** 0: any free port. */
  port?: number
}

export interface UiServer {
  /** The address to open, with its one-time token. */
  url: string
  port: number
  /** Another one-time login URL (each browser profile needs its own). */
  loginUrl(): string
  close(): Promise<void>
}

const API_PATH = '/api'

export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const guard = new Guard()
  let csp = contentSecurityPolicy()
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    'Content-Security-Policy': csp,
    ...SECURITY_HEADERS,
    ...extra,
  })
  const refuse = (response: ServerResponse, status: number, message: string): void => {
    response.writeHead(status, headers({ 'Content-Type': 'text/plain; charset=utf-8' }))
    response.end(`${message}\n`)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!guard.hostAllowed(request)) return refuse(response, 421, 'Wrong Host header.')
    if (!guard.originAllowed(request)) return refuse(response, 403, 'Wrong Origin.')
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(response, 405, 'Only GET is served here.')
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const token = url.searchParams.get('token')
    if (token !== null) {
      const session = guard.exchange(token)
      if (!session)
        return refuse(
          response,
          403,
          'This link was used already or is not valid. Open the URL that `discussions ui --web` printed, or restart it for a new one.',
        )
      url.searchParams.delete('token')
      response.writeHead(
        303,
        headers({
          Location: url.pathname + url.search,
          'Set-Cookie': guard.sessionCookie(session),
          'Cache-Control': 'no-store',
        }),
      )
      return void response.end()
    }
    if (!guard.hasSession(request))
      return refuse(
        response,
        401,
        'Not signed in. Open the full URL that `discussions ui --web` printed (it carries a one-time token).',
      )
    const found = await resolveStaticFile(options.rendererDir, url.pathname)
    if (!found) return refuse(response, 404, 'Not found.')
    response.writeHead(
      200,
      headers({ 'Content-Type': found.contentType, 'Cache-Control': 'no-cache' }),
    )
    if (request.method === 'HEAD') return void response.end()
    createReadStream(found.file).pipe(response)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => refuse(response, 500, 'The server could not answer.'))
  })
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const allowed =
      path === API_PATH &&
      guard.hostAllowed(request) &&
      guard.originAllowed(request, true) &&
      guard.hasSession(request)
    if (!allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      return
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request))
  })
  const unsubscribe = bridgeSockets(sockets, options.backend)

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  guard.port = port
  csp = contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`])
  const loginUrl = (): string => `http://127.0.0.1:${port}/?token=${guard.issueToken()}`

  return {
    url: loginUrl(),
    port,
    loginUrl,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe()
        for (const client of sockets.clients) client.terminate()
        sockets.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
