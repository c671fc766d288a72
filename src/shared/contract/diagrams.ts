/** Diagrams: rendering, the diagrams panel, cleanup, the built-in editor. */
import { z } from 'zod'

import { pathSchema } from './common.js'

const ref = z.string().min(1).max(1000)
const kind = z.enum(['plantuml', 'mermaid', 'svg'])

export const diagramsRequests = {
  /** Every `DIAGRAM:` of a discussion with who referenced it, and what can render here. */
  'diagrams:list': z.strictObject({ path: pathSchema }),
  /** Reads and renders diagrams a discussion references (PlantUML to SVG; Mermaid as source). */
  'diagrams:render': z.strictObject({ path: pathSchema, refs: z.array(ref).min(1).max(100) }),
  /** Live preview for the built-in editor. */
  'diagrams:preview': z.strictObject({ source: z.string().max(100_000) }),
  /** Saves the built-in editor's text: a new file in the discussion's diagrams/, or over `ref`. */
  'diagrams:save': z.strictObject({
    path: pathSchema,
    kind,
    source: z.string().min(1, { error: 'is empty' }).max(100_000),
    ref: ref.optional(),
  }),
  /** Opens a diagram's source in the person's own editor (desktop app). */
  'diagrams:open': z.strictObject({ path: pathSchema, ref }),
  /** Diagram files in diagrams/ folders that nothing in the folder references. */
  'diagrams:orphans': z.strictObject({ folder: pathSchema }),
  'diagrams:deleteOrphans': z.strictObject({
    folder: pathSchema,
    files: z.array(pathSchema).min(1).max(10_000),
  }),
}

export type DiagramKindName = z.infer<typeof kind>

export interface DiagramEntry {
  /** As written after `DIAGRAM:`. */
  ref: string
  kind: DiagramKindName | null
  /** The real path; null when the ref is refused. */
  file: string | null
  exists: boolean
  /** Why it cannot be shown (outside the workspace, not a diagram, missing). */
  problem: string | null
  /** The comment that references it (index in the discussion), its author and line. */
  comment: number
  author: string
  line: number
}

export interface RenderSupport {
  /** `local` PlantUML, a configured `server`, or null: with the hint saying what to install. */
  plantuml: 'local' | 'server' | null
  graphviz: boolean
  /** What to install or set, when something is missing. */
  hints: string[]
}

export interface DiagramList {
  diagrams: DiagramEntry[]
  support: RenderSupport
}

export interface RenderedDiagram {
  ref: string
  kind: DiagramKindName | null
  /** The source text (for Mermaid, what the page renders; shown beside an error). */
  source: string | null
  /** Unsanitized SVG from PlantUML or an .svg file: the page sanitizes before showing. */
  svg: string | null
  error: string | null
  /** The line of the error in the source, when known. */
  line: number | null
}

export interface DiagramsResponses {
  'diagrams:list': DiagramList
  'diagrams:render': RenderedDiagram[]
  'diagrams:preview': { svg: string | null; error: string | null; line: number | null }
  'diagrams:save': { ref: string; file: string }
  'diagrams:open': { opened: boolean; message: string }
  'diagrams:orphans': { folder: string; files: string[] }
  'diagrams:deleteOrphans': { deleted: string[]; kept: string[] }
}
