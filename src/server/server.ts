/**
 * The browser mode: the built renderer and the backend over HTTP + WebSocket, bound to 127.0.0.1.
 * The URL it prints carries the token in its fragment; the built page's files carry no data and
 * are served without it, the WebSocket (everything that reads or writes) only with it. Every
 * response carries the app's CSP; the sandboxed Mermaid frame gets its own, stricter one.
 */
import { createReadStream } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { WebSocketServer } from 'ws'

import type { Backend } from '../backend/index.js'
import {
  contentSecurityPolicy,
  MERMAID_SANDBOX_PAGE,
  mermaidSandboxHeaders,
  resolveStaticFile,
  SECURITY_HEADERS,
  sandboxAssetHeaders,
} from '../backend/index.js'
import { MAX_FRAME_BYTES } from '../shared/contract/socket-protocol.js'
import { Guard, SOCKET_PROTOCOL } from './guard.js'
import { bridgeSockets } from './socket-bridge.js'

export interface UiServerOptions {
  backend: Backend
  /** The built renderer: `out/renderer`. */
  rendererDir: string
  /** 0: any free port. */
  port?: number
}

export interface UiServer {
  /** The address to open, the token in its fragment; valid while the server runs. */
  url: string
  port: number
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
    // The sandboxed Mermaid frame has the origin `null` and loads the app's own scripts.
    const sandboxed = request.headers.origin === 'null'
    if (!guard.originAllowed(request, { sandboxed })) return refuse(response, 403, 'Wrong Origin.')
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(response, 405, 'Only GET is served here.')
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === API_PATH)
      return refuse(response, 426, 'The API speaks WebSocket, with the token.')
    const found = await resolveStaticFile(options.rendererDir, url.pathname)
    if (!found) return refuse(response, 404, 'Not found.')
    const fileHeaders =
      url.pathname === `/${MERMAID_SANDBOX_PAGE}`
        ? { ...mermaidSandboxHeaders(guard.origins) }
        : headers(sandboxed ? sandboxAssetHeaders() : {})
    response.writeHead(200, {
      ...fileHeaders,
      'Content-Type': found.contentType,
      'Cache-Control': 'no-cache',
    })
    if (request.method === 'HEAD') return void response.end()
    createReadStream(found.file)
      .on('error', () => response.destroy())
      .pipe(response)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => refuse(response, 500, 'The server could not answer.'))
  })
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    // The page offers `discussions` and `token.<token>`; the answer names only the first.
    handleProtocols: (offered) => (offered.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
  })
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy())
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const allowed =
      path === API_PATH &&
      guard.hostAllowed(request) &&
      guard.originAllowed(request, { required: true }) &&
      guard.hasToken(request)
    if (!allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      return
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request))
  })
  const unsubscribe = bridgeSockets(sockets, options.backend)
  // A client that drops mid-request must not take the server with it.
  server.on('clientError', (_error, socket) => socket.destroy())

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  guard.port = port
  csp = contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`])

  return {
    url: `http://127.0.0.1:${port}/#token=${guard.token}`,
    port,
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
