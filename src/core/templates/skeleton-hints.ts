/**
 * A template's skeleton holds hints for the author ("[Requirement 1]", "[Goal 1]"): a new
 * discussion must not keep them as if someone had written them. Before the title and context go
 * in, the skeleton loses every line that is only a bracketed hint (a list item or task box
 * around it included), and then every section left with nothing under it (an empty Context
 * section when no context was given among them; a closing note in italics is no content).
 * Only the skeleton is cleaned: what a person
 * typed goes in afterwards, as written. Fenced lines are content and stay.
 */
import { mapFences } from '../format/fences.js'

/** A line that is only `[hint]`, maybe as a list item or task: not a link, not a task box alone. */
const HINT_LINE = /^\s*(?:[-*+]\s+|\d{1,9}[.)]\s+)?(?:\[[ xX]\]\s+)?\[[^\][]{2,}\]\s*$/
const HEADING = /^\s{0,3}(#{1,6})\s/
/** The line that takes the context; dropped with it when there is none. */
const CONTEXT_LINE = /^\s*\{context\}\s*$/

/** A line wholly in italics: the skeleton's closing note ("*Discussion begins below.*"), no content. */
const NOTE_LINE = /^\s*([*_])[^*_\s][^]*\1\s*$/

const levelOf = (line: string): number => HEADING.exec(line)?.[1]?.length ?? 0

/** Drops the sections (level 2 and deeper) with nothing under them, innermost first. */
function dropEmptySections(lines: string[], fenced: Uint8Array): string[] {
  const keep = lines.map(() => true)
  for (let i = lines.length - 1; i >= 0; i--) {
    const level = fenced[i] ? 0 : levelOf(lines[i] ?? '')
    if (level < 2) continue
    let empty = true
    for (let j = i + 1; j < lines.length; j++) {
      if (!keep[j]) continue
      const next = fenced[j] ? 0 : levelOf(lines[j] ?? '')
      if (next > 0 && next <= level) break
      const line = lines[j] ?? ''
      if (line.trim() !== '' && (fenced[j] || !NOTE_LINE.test(line))) {
        empty = false
        break
      }
    }
    if (empty) keep[i] = false
  }
  return lines.filter((_, i) => keep[i])
}

/** The skeleton without its hints and the sections they leave empty; blank runs made one. */
export function withoutHints(skeleton: string, options: { context: boolean }): string {
  const lines = skeleton.split('\n')
  const { inFence } = mapFences(lines)
  const kept: string[] = []
  const fenced: number[] = []
  lines.forEach((line, i) => {
    const inside = Boolean(inFence[i])
    if (!inside && HINT_LINE.test(line)) return
    if (!inside && !options.context && CONTEXT_LINE.test(line)) return
    kept.push(line)
    fenced.push(inside ? 1 : 0)
  })
  const sections = dropEmptySections(kept, Uint8Array.from(fenced))
  return sections.join('\n').replace(/\n{3,}/g, '\n\n')
}
