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

// No image loads here (the frame's CSP allows data: only, and the page sanitizes the SVG after):
// Mermaid's image shape gets a blank placeholder instead of its URL, so the frame does not even
// ask; and no inline handler (actor menus set `onclick`) is written into the drawing.
const PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"/>',
)}`
const local = (url: unknown): boolean => String(url).trim().toLowerCase().startsWith('data:')
const source = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')
if (source?.set) {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its element below
  const set = source.set
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    ...source,
    set(this: HTMLImageElement, url: string) {
      set.call(this, local(url) ? url : PLACEHOLDER)
    },
  })
}
const { setAttribute } = Element.prototype as {
  setAttribute: (this: Element, name: string, value: string) => void
}
Element.prototype.setAttribute = function setSafeAttribute(this: Element, name, value) {
  const lower = name.toLowerCase()
  if (lower.startsWith('on')) return
  if (/(^|:)href$|^src$/.test(lower) && this.localName === 'image' && !local(value)) return
  setAttribute.call(this, name, value)
}
const { decode } = HTMLImageElement.prototype as {
  decode: (this: HTMLImageElement) => Promise<void>
}
HTMLImageElement.prototype.decode = function decodeOrPlaceholder(this: HTMLImageElement) {
  return decode.call(this).catch(() => {
    this.src = PLACEHOLDER
    return decode.call(this)
  })
}

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
      // Whole: "Parse error on line 3:" alone does not say what is wrong; the lines after it do.
      error: `Mermaid: ${message.trim()}`,
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
