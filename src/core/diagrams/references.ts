/**
 * The `DIAGRAM:` lines of any markdown text (a discussion or a `.sum.md`), outside fenced code,
 * in the order they appear. Cleanup counts them as references; the app shows them as pictures.
 */
import { mapFences } from '../format/fences.js'
import { matchMarker } from '../format/markers.js'

export interface DiagramReference {
  /** As written after `DIAGRAM:`, quotes and backticks removed. */
  ref: string
  /** 1-based line. */
  line: number
}

export function findDiagramReferences(text: string): DiagramReference[] {
  if (!/diagram/i.test(text)) return []
  const lines = text.split(/\r?\n/)
  const { inFence } = mapFences(lines)
  const found: DiagramReference[] = []
  lines.forEach((line, index) => {
    if (inFence[index]) return
    const marker = matchMarker(line)
    if (marker?.kind === 'diagram' && marker.text !== '')
      found.push({ ref: marker.text, line: index + 1 })
  })
  return found
}
