/**
 * What the app's page and its sandboxed Mermaid frame say to each other by postMessage. The frame
 * is told a source and answers with SVG text or an error; nothing else crosses.
 */
export const MAX_MERMAID_CHARS = 50_000

export interface RenderRequest {
  type: 'render'
  id: number
  source: string
}

export type FrameMessage =
  | { type: 'ready' }
  | { type: 'rendered'; id: number; svg: string }
  | { type: 'failed'; id: number; error: string; line: number | null }

/** A message from the frame, checked field by field: the frame runs untrusted diagrams. */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null
  const message = data as Record<string, unknown>
  if (message.type === 'ready') return { type: 'ready' }
  if (typeof message.id !== 'number') return null
  if (message.type === 'rendered' && typeof message.svg === 'string')
    return { type: 'rendered', id: message.id, svg: message.svg }
  if (message.type === 'failed' && typeof message.error === 'string')
    return {
      type: 'failed',
      id: message.id,
      error: message.error.slice(0, 600),
      line: typeof message.line === 'number' ? message.line : null,
    }
  return null
}
