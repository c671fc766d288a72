/** Diagrams: rendering, the diagrams panel, cleanup, the built-in editor. */
import * as z from 'zod'

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

export const diagramEntrySchema = z.object({
  /** As written after `DIAGRAM:`. */
  ref: z.string(),
  kind: kind.nullable(),
  /** The real path; null when the ref is refused. */
  file: z.string().nullable(),
  exists: z.boolean(),
  /** Why it cannot be shown (outside the workspace, not a diagram, missing). */
  problem: z.string().nullable(),
  /** The comment that references it (index in the discussion), its author and line. */
  comment: z.number(),
  author: z.string(),
  line: z.number(),
})
export type DiagramEntry = z.infer<typeof diagramEntrySchema>

export const renderSupportSchema = z.object({
  /** `local` PlantUML, a configured `server`, or null: with the hint saying what to install. */
  plantuml: z.enum(['local', 'server']).nullable(),
  graphviz: z.boolean(),
  /** What to install or set, when something is missing. */
  hints: z.array(z.string()),
})
export type RenderSupport = z.infer<typeof renderSupportSchema>

export const diagramListSchema = z.object({
  diagrams: z.array(diagramEntrySchema),
  support: renderSupportSchema,
})
export type DiagramList = z.infer<typeof diagramListSchema>

/** An SVG or the error that stopped it, with the line of the error in the source when known. */
const rendering = {
  /** Unsanitized SVG from PlantUML or an .svg file: the page sanitizes before showing. */
  svg: z.string().nullable(),
  error: z.string().nullable(),
  line: z.number().nullable(),
}

export const renderedDiagramSchema = z.object({
  ref: z.string(),
  kind: kind.nullable(),
  /** The source text (for Mermaid, what the page renders; shown beside an error). */
  source: z.string().nullable(),
  ...rendering,
})
export type RenderedDiagram = z.infer<typeof renderedDiagramSchema>

export const diagramPreviewSchema = z.object(rendering)
export const diagramSavedSchema = z.object({ ref: z.string(), file: z.string() })
export const diagramOpenedSchema = z.object({ opened: z.boolean(), message: z.string() })
export const orphanDiagramsSchema = z.object({ folder: z.string(), files: z.array(z.string()) })
export const orphansDeletedSchema = z.object({
  deleted: z.array(z.string()),
  kept: z.array(z.string()),
})

export interface DiagramsResponses {
  'diagrams:list': DiagramList
  'diagrams:render': RenderedDiagram[]
  'diagrams:preview': z.infer<typeof diagramPreviewSchema>
  'diagrams:save': z.infer<typeof diagramSavedSchema>
  'diagrams:open': z.infer<typeof diagramOpenedSchema>
  'diagrams:orphans': z.infer<typeof orphanDiagramsSchema>
  'diagrams:deleteOrphans': z.infer<typeof orphansDeletedSchema>
}
