/**
 * Reading what PlantUML printed for one diagram. In pipe mode with `-pipeNoStderr` a diagram that
 * does not parse comes back as `ERROR`, its line (counted from `@start…` as 0) and the messages;
 * a PlantUML server draws the error inside an SVG instead. A missing Graphviz is drawn inside the
 * SVG by both. All are recognised here, so the app shows the source with a message (and what to
 * install) rather than a picture of an error.
 */
import type { DiagramRender } from '../../core/diagrams/port.js'

export const GRAPHVIZ_HINT =
  'Graphviz is not installed, and class, state, use-case and component diagrams need it. ' +
  'Install it (Debian/Ubuntu: sudo apt install graphviz; Fedora: sudo dnf install graphviz; ' +
  'macOS: brew install graphviz) and render again.'

const GRAPHVIZ_MISSING = /Dot executable|Cannot find Graphviz|GraphViz is not installed/i

function textsOf(svg: string): string[] {
  return Array.from(svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g), (match) =>
    (match[1] ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  )
}

export function parsePlantUmlSvg(output: string): DiagramRender {
  const start = output.indexOf('<svg')
  if (start < 0) return { ok: false, error: 'PlantUML returned no SVG.' }
  const svg = output.slice(start).trim()
  const texts = textsOf(svg)
  const joined = texts.join('\n')
  if (GRAPHVIZ_MISSING.test(joined)) return { ok: false, error: GRAPHVIZ_HINT }
  const errorIndex = texts.findIndex((text) => /Syntax Error\?|^\s*Error\b/.test(text))
  if (errorIndex >= 0) {
    const from = texts.find((text) => /\(line \d+\)/.test(text)) ?? ''
    const line = Number(/\(line (\d+)\)/.exec(from)?.[1] ?? NaN)
    const culprit = texts[errorIndex - 1]?.trim()
    const where = Number.isFinite(line) ? ` at line ${line}` : ''
    return {
      ok: false,
      error: `PlantUML syntax error${where}${culprit ? `: "${culprit}"` : ''}.`,
      ...(Number.isFinite(line) ? { line } : {}),
    }
  }
  return { ok: true, svg }
}

export type PipeOutput =
  { ok: true; output: string } | { ok: false; error: string; line?: number; graphviz?: true }

/**
 * One diagram's output from the pipe. `lineOffset` maps a line of the text PlantUML was given
 * (1-based) to the file's, so an error points at the line the person sees.
 */
export function parsePipeOutput(output: string, text: string, lineOffset: number): PipeOutput {
  if (!output.startsWith('ERROR\n')) return { ok: true, output }
  const [, position = '', ...messages] = output.trimEnd().split('\n')
  const textLine = Number.parseInt(position, 10) + 1
  const fileLine = textLine + lineOffset
  const line = Number.isFinite(fileLine) && fileLine >= 1 ? fileLine : undefined
  const culprit = Number.isFinite(textLine) ? text.split('\n')[textLine - 1]?.trim() : undefined
  const message = messages.join(' ').trim()
  const where = line === undefined ? '' : ` at line ${line}`
  const quoted = culprit ? `: "${culprit.length > 80 ? `${culprit.slice(0, 79)}…` : culprit}"` : ''
  const error = /^Syntax Error\?/i.test(message || 'Syntax Error?')
    ? `PlantUML syntax error${where}${quoted}.`
    : `PlantUML error${where}${quoted}: ${message}`
  return { ok: false, error, ...(line === undefined ? {} : { line }) }
}

/** An SVG from the pipe: the picture, or the Graphviz hint when PlantUML drew that error. */
export function svgFromPipe(output: string): PipeOutput {
  const start = output.indexOf('<svg')
  if (start < 0) return { ok: false, error: 'PlantUML returned no SVG.' }
  const svg = output.slice(start).trim()
  if (GRAPHVIZ_MISSING.test(textsOf(svg).join('\n')))
    return { ok: false, error: GRAPHVIZ_HINT, graphviz: true }
  return { ok: true, output: svg }
}
