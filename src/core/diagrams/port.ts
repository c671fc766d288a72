/**
 * Rendering diagrams to SVG, as a port: the node adapter runs a local PlantUML (or asks a
 * configured PlantUML server); tests and other hosts supply their own. Mermaid is not rendered
 * here: it needs a DOM, so the app renders it in the renderer process.
 */
export interface DiagramSource {
  /** Names the diagram in messages (usually its file path). */
  name: string
  source: string
}

export type DiagramRender =
  { ok: true; svg: string; warning?: string } | { ok: false; error: string; line?: number }

export interface DiagramRenderer {
  /** Renders every source (several in one program start where it can); one result per source. */
  render(sources: readonly DiagramSource[]): Promise<DiagramRender[]>
}
