/**
 * Mermaid, offline in the page and loaded only when a Mermaid diagram appears (it is large).
 * `strict` encodes HTML in labels and disables clicks; `htmlLabels: false` draws labels as SVG
 * text instead of foreignObject HTML, so the picture survives sanitizing and shows as an image.
 */
import type { Mermaid } from 'mermaid'

let loading: Promise<Mermaid> | null = null
let counter = 0

export const MAX_MERMAID_CHARS = 50_000

function mermaid(): Promise<Mermaid> {
  return (loading ??= import('mermaid').then(({ default: instance }) => {
    instance.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      maxTextSize: MAX_MERMAID_CHARS,
      theme: 'default',
    })
    return instance
  }))
}

export async function renderMermaid(
  source: string,
): Promise<{ svg: string } | { error: string; line: number | null }> {
  if (source.length > MAX_MERMAID_CHARS)
    return { error: `The diagram is longer than ${MAX_MERMAID_CHARS} characters.`, line: null }
  const instance = await mermaid()
  const id = `mermaid-diagram-${++counter}`
  try {
    await instance.parse(source)
    const { svg } = await instance.render(id, source)
    return { svg }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const line = /line (\d+)/i.exec(message)?.[1]
    return {
      error: `Mermaid: ${message.split('\n')[0] ?? message}`,
      line: line ? Number(line) : null,
    }
  } finally {
    // A failed render leaves its scratch element behind.
    document.getElementById(`d${id}`)?.remove()
    document.getElementById(id)?.remove()
  }
}
