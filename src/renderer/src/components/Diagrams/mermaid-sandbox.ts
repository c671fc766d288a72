/**
 * Runs inside the sandboxed Mermaid frame (mermaid-sandbox.html): an opaque origin with no access
 * to the app's page, its storage or its connection, and a CSP with no network at all. Mermaid
 * draws here, so an image-shape node (`img: "https://..."`) or an actor menu's `link` reaches
 * nothing; the page gets the SVG as text and sanitizes it before showing it as an image.
 */
import mermaid from 'mermaid'

import { MAX_MERMAID_CHARS } from './mermaid-messages'
import type { FrameMessage, RenderRequest } from './mermaid-messages'

mermaid.initialize({
  startOnLoad: false,
  // `strict` encodes HTML in labels and disables clicks; SVG text labels (no foreignObject HTML)
  // survive sanitizing, so the picture shows as an image.
  securityLevel: 'strict',
  htmlLabels: false,
  flowchart: { htmlLabels: false },
  maxTextSize: MAX_MERMAID_CHARS,
  theme: 'default',
})

let counter = 0
let queue: Promise<void> = Promise.resolve()

function reply(message: FrameMessage): void {
  // The frame's own origin is opaque, and the page is its only listener.
  window.parent.postMessage(message, '*')
}

async function render({ id, source }: RenderRequest): Promise<void> {
  const element = `mermaid-diagram-${++counter}`
  try {
    await mermaid.parse(source)
    const { svg } = await mermaid.render(element, source)
    reply({ type: 'rendered', id, svg })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const line = /line (\d+)/i.exec(message)?.[1]
    reply({
      type: 'failed',
      id,
      error: `Mermaid: ${message.split('\n')[0] ?? message}`,
      line: line ? Number(line) : null,
    })
  } finally {
    // A failed render leaves its scratch element behind.
    document.getElementById(`d${element}`)?.remove()
    document.getElementById(element)?.remove()
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.source !== window.parent) return
  const data = event.data as Partial<RenderRequest> | null
  if (data?.type !== 'render' || typeof data.id !== 'number' || typeof data.source !== 'string')
    return
  const request: RenderRequest = { type: 'render', id: data.id, source: data.source }
  // Mermaid renders one diagram at a time.
  queue = queue.then(() => render(request))
})

reply({ type: 'ready' })
