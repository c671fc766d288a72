/**
 * The diagrams of an exported page: each `DIAGRAM:` of each comment resolved inside the project
 * (never outside, as written or after links), read with a size limit, PlantUML rendered by the
 * program's sandboxed PlantUML (the renderer the app uses), and every SVG sanitized for inline
 * use. Mermaid renders only in a browser with script, which the page has none of: its source is
 * shown. A diagram that cannot be shown says why, in place.
 */
import type { ResolvedDiagram } from '../diagrams/confine.js'
import { findDiagramReferences } from '../../core/diagrams/references.js'
import { diagramKind } from '../../core/diagrams/kinds.js'
import type { DiagramRenderer } from '../../core/diagrams/port.js'
import type { Comment } from '../../core/format/model.js'
import { MAX_SOURCE_BYTES } from '../diagrams/plantuml-renderer.js'
import { readTextUpTo } from '../files/shown-files.js'
import type { PageDiagram } from './html-page.js'
import { inlineSvg } from './svg-inline.js'

const MAX_SVG_FILE = 5_000_000

export interface PageDiagramDeps {
  resolve: (ref: string) => Promise<ResolvedDiagram>
  renderer: DiagramRenderer
}

interface Pending {
  comment: number
  diagram: PageDiagram
  plantuml: string | null
}

async function readOne(ref: string, deps: PageDiagramDeps): Promise<Omit<Pending, 'comment'>> {
  const failed = (note: string): Omit<Pending, 'comment'> => ({
    diagram: { ref, svg: null, source: null, note },
    plantuml: null,
  })
  const kind = diagramKind(ref)
  if (!kind) return failed('not a diagram (.puml, .mmd or .svg)')
  const resolved = await deps.resolve(ref)
  if (!resolved.ok) return failed(resolved.problem)
  if (!resolved.exists) return failed('no such file')
  let text: string
  try {
    text = await readTextUpTo(resolved.path, kind === 'svg' ? MAX_SVG_FILE : MAX_SOURCE_BYTES)
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error))
  }
  if (kind === 'svg')
    return { diagram: { ref, svg: text, source: null, note: null }, plantuml: null }
  if (kind === 'mermaid')
    return {
      diagram: { ref, svg: null, source: text, note: 'Mermaid source: it is drawn in the app' },
      plantuml: null,
    }
  return { diagram: { ref, svg: null, source: null, note: null }, plantuml: text }
}

export async function pageDiagrams(
  comments: readonly Comment[],
  deps: PageDiagramDeps,
): Promise<Map<number, PageDiagram[]>> {
  const pending: Pending[] = []
  for (const comment of comments)
    for (const { ref } of findDiagramReferences(comment.body))
      pending.push({ comment: comment.index, ...(await readOne(ref, deps)) })
  const plantuml = pending.filter((entry) => entry.plantuml !== null)
  if (plantuml.length > 0) {
    const rendered = await deps.renderer.render(
      plantuml.map((entry) => ({ name: entry.diagram.ref, source: entry.plantuml ?? '' })),
    )
    plantuml.forEach((entry, index) => {
      const result = rendered[index]
      if (result?.ok) entry.diagram.svg = result.svg
      else {
        entry.diagram.source = entry.plantuml
        entry.diagram.note = `not drawn: ${result?.error ?? 'PlantUML gave no answer'}`
      }
    })
  }
  const byComment = new Map<number, PageDiagram[]>()
  pending.forEach((entry, index) => {
    const { diagram } = entry
    if (diagram.svg !== null) {
      const clean = inlineSvg(diagram.svg, `d${index + 1}-`, `Diagram ${diagram.ref}`)
      diagram.svg = clean
      if (!clean) diagram.note = 'nothing drawable was left once the picture was made safe'
    }
    const list = byComment.get(entry.comment) ?? []
    list.push(diagram)
    byComment.set(entry.comment, list)
  })
  return byComment
}
