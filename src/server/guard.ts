/**
 * Who may talk to the browser-mode server: a request must name this server by its loopback address
 * (a page on another site cannot, even by DNS rebinding), come from its own origin when it says
 * where it comes from, and, for anything that carries data (the WebSocket), present the token.
 *
 * The token travels in the printed URL's fragment (`#token=...`), which a browser never sends to a
 * server and servers never log; the page keeps it in sessionStorage and presents it in the
 * WebSocket handshake as a subprotocol. No cookie: cookies are not isolated by port, so every
 * other server on 127.0.0.1 would receive one.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** The subprotocol the server answers with; the page also offers `TOKEN_PREFIX + token`. */
export const SOCKET_PROTOCOL = 'discussions'
export const TOKEN_PREFIX = 'token.'
/** The header an HTTP request that needs the token carries it in. */
export const TOKEN_HEADER = 'x-discussions-token'

function same(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export class Guard {
  /** Valid while the server runs: opening the printed link again, or in a new tab, works. */
  readonly token = randomBytes(32).toString('base64url')
  #port = 0

  /** Set once the server listens: the port every allowed Host and Origin names. */
  set port(port: number) {
    this.#port = port
  }

  get origins(): string[] {
    return [`http://127.0.0.1:${this.#port}`, `http://localhost:${this.#port}`]
  }

  hostAllowed(request: IncomingMessage): boolean {
    const host = request.headers.host
    return host !== undefined && this.origins.some((origin) => origin === `http://${host}`)
  }

  /**
   * A request that names an origin must name ours; `required` for WebSocket upgrades.
   * `null` is the origin of the sandboxed Mermaid frame, which loads the app's own scripts.
   */
  originAllowed(request: IncomingMessage, { required = false, sandboxed = false } = {}): boolean {
    const origin = request.headers.origin
    if (origin === undefined) return !required
    if (sandboxed && origin === 'null') return true
    return this.origins.includes(origin)
  }

  /** The token from the `x-discussions-token` header or a `token.` subprotocol offered. */
  hasToken(request: IncomingMessage): boolean {
    const header = request.headers[TOKEN_HEADER]
    if (typeof header === 'string' && same(header, this.token)) return true
    const offered = request.headers['sec-websocket-protocol']?.split(',') ?? []
    return offered.some((protocol) => {
      const value = protocol.trim()
      return value.startsWith(TOKEN_PREFIX) && same(value.slice(TOKEN_PREFIX.length), this.token)
    })
  }
}
