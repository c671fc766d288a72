/**
 * The browser mode's WebSocket protocol, shared by the server and the page.
 *
 * The page sends `{id, channel, payload}`; the server answers `{id, reply}`. A reply whose value is
 * a long list (rendered diagrams of several MB each) comes as pages `{id, items}` before the final
 * `{id, reply}`, whose value holds the last items: no frame, and no string on either side, has to
 * hold the whole answer. Events arrive as `{event, payload}`.
 */
import * as z from 'zod'

/** The largest frame the server reads; a larger one closes that socket with 1009. */
export const MAX_FRAME_BYTES = 1024 * 1024
/** Replies above this size are sent in pages of about this size. */
export const PAGE_BYTES = 1024 * 1024

/** Close codes the server uses, and what the page tells the person about each. */
export const CLOSE_REASONS: Readonly<Record<number, string>> = {
  1003: 'the page sent binary data, which the app server does not read',
  1007: 'the page sent a message that is not valid UTF-8 text',
  1008: 'the page sent a message that is not a request the app server knows',
  1009: `the page sent a message larger than ${MAX_FRAME_BYTES / 1024 / 1024} MB`,
}

export const socketRequestSchema = z.strictObject({
  id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  channel: z.string().min(1).max(100),
  payload: z.unknown(),
})

export type SocketRequest = z.infer<typeof socketRequestSchema>
