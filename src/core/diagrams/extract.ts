/**
 * The visualizer answers with a PlantUML block. The turn saves the block as a file under
 * `diagrams/` and the comment carries a `DIAGRAM:` line instead, so the picture is rendered rather
 * than shown as code, and `cleanup` and the diagrams panel know about it.
 */
export interface ExtractedDiagram {
  /** The PlantUML text, from `@startuml` to `@enduml`. */
  source: string
  /** The comment with the block replaced by `DIAGRAM: <path>`. */
  withMarker: (path: string) => string
}

const FENCE = /^([ \t]*)(`{3,}|~{3,})[ \t]*(plantuml|puml|uml)?[^\n]*\n([\s\S]*?)\n\1\2[ \t]*$/m

/** The first fenced PlantUML block of a comment (by info string or by `@startuml`); or null. */
export function extractPlantUml(comment: string): ExtractedDiagram | null {
  const fence = new RegExp(FENCE.source, 'gm')
  for (const match of comment.matchAll(fence)) {
    const [whole, , , info, body = ''] = match
    const start = body.search(/^\s*@startuml\b/m)
    if (!info && start < 0) continue
    const trimmed = body.trim()
    if (!/^@startuml\b/.test(trimmed) && start < 0) continue
    const source = start >= 0 ? body.slice(start).trim() : trimmed
    const wrapped = /^@startuml\b/.test(source) ? source : `@startuml\n${source}\n@enduml`
    const at = match.index
    return {
      source: `${wrapped}\n`,
      withMarker: (path) =>
        `${comment.slice(0, at)}DIAGRAM: ${path}${comment.slice(at + whole.length)}`.trim(),
    }
  }
  return null
}

/** `Feature X: the API!` -> `feature-x-the-api`; never empty. */
export function diagramSlug(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '')
  return slug || 'diagram'
}

/** A compact UTC time for file names: `20261123T095012`. */
export function fileTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '')
}
