/**
 * Mermaid, offline and never in the live page: it draws in a sandboxed frame (see
 * mermaid-sandbox.ts) made when the first Mermaid diagram appears, and hands back SVG text, which
 * the caller sanitizes like any other SVG. The frame is kept for later diagrams.
 */
import { MAX_MERMAID_CHARS, readFrameMessage } from './mermaid-messages'

export { MAX_MERMAID_CHARS } from './mermaid-messages'

type Rendered = { svg: string } | { error: string; line: number | null }

const RENDER_TIMEOUT_MS = 30_000
const FRAME_PAGE = './mermaid-sandbox.html'

let frame: Promise<Window> | null = null
let nextId = 1
const waiting = new Map<number, (rendered: Rendered) => void>()

function openFrame(): Promise<Window> {
  return (frame ??= new Promise<Window>((resolve, reject) => {
    const iframe = document.createElement('iframe')
    // No allow-same-origin: the frame's origin is opaque, so it cannot reach this page.
    iframe.setAttribute('sandbox', 'allow-scripts')
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
    iframe.title = 'Mermaid renderer'
    iframe.dataset.mermaidSandbox = ''
    // Laid out (Mermaid measures text) but off screen.
    Object.assign(iframe.style, {
      position: 'fixed',
      left: '-10000px',
      top: '0',
      width: '1200px',
      height: '800px',
      border: '0',
      visibility: 'hidden',
    })
    const timer = setTimeout(() => {
      frame = null
      iframe.remove()
      reject(new Error('The Mermaid renderer did not start.'))
    }, RENDER_TIMEOUT_MS)
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (event.source === null || event.source !== iframe.contentWindow) return
      const message = readFrameMessage(event.data)
      if (!message) return
      if (message.type === 'ready') {
        clearTimeout(timer)
        resolve(iframe.contentWindow)
        return
      }
      const done = waiting.get(message.id)
      waiting.delete(message.id)
      done?.(
        message.type === 'rendered'
          ? { svg: message.svg }
          : { error: message.error, line: message.line },
      )
    })
    iframe.src = FRAME_PAGE
    document.body.append(iframe)
  }))
}

export async function renderMermaid(source: string): Promise<Rendered> {
  if (source.length > MAX_MERMAID_CHARS)
    return { error: `The diagram is longer than ${MAX_MERMAID_CHARS} characters.`, line: null }
  let target: Window
  try {
    target = await openFrame()
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), line: null }
  }
  const id = nextId++
  return new Promise<Rendered>((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id)
      resolve({ error: 'Mermaid took too long to draw this diagram.', line: null })
    }, RENDER_TIMEOUT_MS)
    waiting.set(id, (rendered) => {
      clearTimeout(timer)
      resolve(rendered)
    })
    // The frame's origin is opaque, so '*' is the only target that reaches it.
    target.postMessage({ type: 'render', id, source }, '*')
  })
}
