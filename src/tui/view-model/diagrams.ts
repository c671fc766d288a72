/**
 * Which diagrams get text art: PlantUML's `-tutxt` draws sequence, use-case and component
 * diagrams well, but class and activity diagrams come out poor, and Mermaid has no text art, so
 * those show their source instead.
 */
export type PreviewKind = 'text-art' | 'source'

export function previewKind(path: string, source: string): PreviewKind {
  if (/\.(mmd|mermaid)$/i.test(path)) return 'source'
  if (!/\.(puml|plantuml|pu|iuml|wsd)$/i.test(path)) return 'source'
  const body = source.replace(/'.*$/gm, '')
  if (/^\s*(class|interface|abstract|enum)\s+\S/im.test(body)) return 'source'
  if (/^\s*(start|stop)\s*$/im.test(body) || /^\s*:[^;\n]*;\s*$/m.test(body)) return 'source'
  return 'text-art'
}
