/** The diagram kinds the app shows, named by file extension. */
export type DiagramKind = 'plantuml' | 'mermaid' | 'svg'

const EXTENSIONS: Readonly<Record<string, DiagramKind>> = {
  '.puml': 'plantuml',
  '.plantuml': 'plantuml',
  '.pu': 'plantuml',
  '.iuml': 'plantuml',
  '.mmd': 'mermaid',
  '.mermaid': 'mermaid',
  '.svg': 'svg',
}

/** The extensions a saved artifact may have, lower case with the dot. */
export const DIAGRAM_EXTENSIONS: readonly string[] = Object.keys(EXTENSIONS)

/** The kind a path's extension names (any case); null for anything that is not a diagram. */
export function diagramKind(path: string): DiagramKind | null {
  const dot = path.lastIndexOf('.')
  if (dot < 0 || dot < path.lastIndexOf('/')) return null
  return EXTENSIONS[path.slice(dot).toLowerCase()] ?? null
}

/** The extension a new file of this kind gets. */
export function extensionFor(kind: DiagramKind): string {
  return kind === 'plantuml' ? '.puml' : kind === 'mermaid' ? '.mmd' : '.svg'
}
