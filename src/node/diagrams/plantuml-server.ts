/**
 * A PlantUML server, used only when it is configured and no local PlantUML exists: the diagram
 * text leaves the machine, so the app never picks the public plantuml.com on its own.
 */
import plantumlEncoder from 'plantuml-encoder'

import type { DiagramRender } from '../../core/diagrams/port.js'
import { parsePlantUmlSvg } from './plantuml-output.js'

/** `https://plantuml.example/svg/<encoded>` for the configured server's base URL. */
export function plantUmlServerUrl(server: string, source: string): string {
  return `${server.replace(/\/+$/, '')}/svg/${plantumlEncoder.encode(source)}`
}

export async function renderWithServer(
  server: string,
  source: string,
  options: { timeoutMs: number; maxBytes: number },
): Promise<DiagramRender> {
  const url = plantUmlServerUrl(server, source)
  let response: Response
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    return { ok: false, error: `The PlantUML server ${server} did not answer (${String(error)}).` }
  }
  const text = await response.text()
  if (text.length > options.maxBytes)
    return { ok: false, error: 'The PlantUML server sent more than the size limit.' }
  // The server answers a syntax error with status 400 and the error drawn as SVG.
  if (!text.includes('<svg'))
    return { ok: false, error: `The PlantUML server answered ${response.status} without an SVG.` }
  return parsePlantUmlSvg(text)
}
