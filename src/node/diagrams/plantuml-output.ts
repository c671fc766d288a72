/**
 * Reading what PlantUML printed for one diagram. A syntax error and a missing Graphviz do not fail
 * the program: PlantUML draws them inside an SVG. Both are recognised here, so the app shows the
 * source with a message (and what to install) rather than a picture of an error.
 */
import type { DiagramRender } from '../../core/diagrams/port.js'

export const GRAPHVIZ_HINT =
  'Graphviz is not installed, and class, state, use-case and component diagrams need it. ' +
  'Install it (Debian/Ubuntu: sudo apt install graphviz; Fedora: sudo dnf install graphviz; ' +
  'macOS: brew install graphviz) and render again.'

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
  if (/Dot executable|Cannot find Graphviz|dot executable|GraphViz is not installed/i.test(joined))
    return { ok: false, error: GRAPHVIZ_HINT }
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
