/**
 * Who may talk to the browser-mode server: a request must name this server by its loopback address
 * (a page on another site cannot, even by DNS rebinding), come from its own origin when it says
 * where it comes from, and carry the session cookie that the one-time token in the printed URL was
 * exchanged for.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const SESSION_COOKIE = 'od_session'

const secret = (): string => randomBytes(32).toString('base64url')

function same(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export class Guard {
  readonly #tokens = new Set<string>()
  readonly #sessions = new Set<string>()
  #port = 0

  /** Set once the server listens: the port every allowed Host and Origin names. */
  set port(port: number) {
    this.#port = port
  }

  get origins(): string[] {
    return [`http://127.0.0.1:${this.#port}`, `http://localhost:${this.#port}`]
  }

  /** A token that logs one browser in, once. */
  issueToken(): string {
    const token = secret()
    this.#tokens.add(token)
    return token
  }

  /** Trades a one-time token for a session id; null when the token is unknown or used. */
  exchange(token: string): string | null {
    const match = [...this.#tokens].find((candidate) => same(candidate, token))
    if (match === undefined) return null
    this.#tokens.delete(match)
    const session = secret()
    this.#sessions.add(session)
    return session
  }

  hostAllowed(request: IncomingMessage): boolean {
    const host = request.headers.host
    return host !== undefined && this.origins.some((origin) => origin === `http://${host}`)
  }

  /** A request that names an origin must name ours; `required` for WebSocket upgrades. */
  originAllowed(request: IncomingMessage, required = false): boolean {
    const origin = request.headers.origin
    if (origin === undefined) return !required
    return this.origins.includes(origin)
  }

  hasSession(request: IncomingMessage): boolean {
    const cookies = request.headers.cookie?.split(';') ?? []
    for (const cookie of cookies) {
      const [name, ...rest] = cookie.trim().split('=')
      const value = rest.join('=')
      if (name === SESSION_COOKIE && [...this.#sessions].some((s) => same(s, value))) return true
    }
    return false
  }

  sessionCookie(session: string): string {
    return `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`
  }
}
