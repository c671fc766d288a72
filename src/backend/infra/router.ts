/**
 * The one entry every request goes through, whichever transport carried it: the channel must be
 * known, the payload must pass the contract's schema, and whatever goes wrong comes back as
 * `{ error: { message } }`: one readable line, never a stack trace.
 */
import type { z } from 'zod'

import { DiscussionError } from '../../core/errors.js'
import { ConfigError } from '../../node/engine/index.js'
import { isInvokeChannel, REQUEST_SCHEMAS } from '../../shared/contract/index.js'
import { BackendError } from './errors.js'
import type {
  InvokeChannel,
  InvokeResponse,
  Reply,
  ValidRequest,
} from '../../shared/contract/index.js'

export type Handlers = {
  [C in InvokeChannel]: (request: ValidRequest<C>) => Promise<InvokeResponse<C>>
}

export type Invoke = (channel: unknown, payload: unknown) => Promise<Reply<unknown>>

const MAX_MESSAGE = 600

/** The message of an error, as one short line: the UI shows it as it is. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const line = text.split('\n').find((part) => part.trim() !== '') ?? 'Something went wrong.'
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 1)}…` : line
}

function describeIssues(channel: string, error: z.ZodError): string {
  const [issue] = error.issues
  if (!issue) return `${channel}: the request is not valid.`
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  return `${channel}: ${where}${issue.message}`
}

/** Names a channel that is not one, without calling anything on it (`{toString: 1}` throws). */
function unknownChannel(channel: unknown): string {
  if (typeof channel !== 'string')
    return `A request must name its channel as text, not ${typeof channel}.`
  return `Unknown request "${JSON.stringify(channel.slice(0, 60)).slice(1, -1)}".`
}

export function createRouter(
  handlers: Handlers,
  onUnexpected: (channel: string, error: unknown) => void = () => {},
): Invoke {
  return async (channel, payload) => {
    if (!isInvokeChannel(channel)) return { error: { message: unknownChannel(channel) } }
    const parsed = REQUEST_SCHEMAS[channel].safeParse(payload ?? {})
    if (!parsed.success) return { error: { message: describeIssues(channel, parsed.error) } }
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>
    try {
      return { value: await handler(parsed.data) }
    } catch (error) {
      const expected =
        error instanceof BackendError ||
        error instanceof DiscussionError ||
        error instanceof ConfigError
      if (!expected) onUnexpected(channel, error)
      return { error: { message: errorMessage(error) } }
    }
  }
}
