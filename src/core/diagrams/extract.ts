/**
 * The visualizer answers with a PlantUML block, and a person pastes one into a comment. Each
 * block is saved as a file under `diagrams/` and the comment carries a `DIAGRAM:` line instead,
 * so the picture is rendered rather than shown as code (or its `@startuml` read as a mention),
 * and `cleanup` and the diagrams panel know about it.
 */
import { findDiagramBlocks } from '../format/diagram-blocks.js'
import { closesFence, fenceOpener, mapFences } from '../format/fences.js'

export interface ExtractedDiagrams {
  /** Each block's PlantUML text, from `@start…` to `@end…` and a newline, in order. */
  sources: string[]
  /**
   * The comment with each block replaced by `DIAGRAM: <path>`, `paths` in the order of
   * `sources`; a null path leaves that block in the comment (its file could not be saved).
   */
  withMarkers: (paths: readonly (string | null)[]) => string
}

const PLANTUML_INFO = /^\s*(plantuml|puml|uml)\b/i
const START = /^\s*@start[a-z]+\b/i

interface Block {
  /** 0-based first and last line the `DIAGRAM:` line replaces. */
  first: number
  last: number
  source: string
}

/** A fenced block is PlantUML by its info string or by a `@start…` line inside it. */
function fencedBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const opener = fenceOpener(lines[i] ?? '')
    if (!opener) continue
    let j = i + 1
    while (j < lines.length && !closesFence(lines[j] ?? '', opener)) j++
    if (j >= lines.length) break // never closed: content to the end, not a diagram
    const info = (lines[i] ?? '').trim().slice(opener.length)
    const body = lines.slice(i + 1, j)
    const startAt = body.findIndex((line) => START.test(line))
    if (PLANTUML_INFO.test(info) || startAt >= 0) {
      const source = (startAt >= 0 ? body.slice(startAt) : body).join('\n').trim()
      if (source !== '')
        blocks.push({
          first: i,
          last: j,
          source: START.test(source) ? source : `@startuml\n${source}\n@enduml`,
        })
    }
    i = j
  }
  return blocks
}

/**
 * The PlantUML blocks of a comment: fenced ones (by info string or by `@start…`) and bare ones
 * (`@startuml` ... `@enduml` written straight into the text, as a person pastes it).
 */
export function extractDiagrams(comment: string): ExtractedDiagrams | null {
  if (!comment.includes('@start') && !/(`{3,}|~{3,})\s*(plantuml|puml|uml)/i.test(comment))
    return null
  const lines = comment.split(/\r?\n/)
  const { inFence } = mapFences(lines)
  const bare = findDiagramBlocks(lines, inFence).map((block): Block => ({
    first: block.start,
    last: block.end,
    source: lines
      .slice(block.start, block.end + 1)
      .join('\n')
      .trim(),
  }))
  const blocks = [...fencedBlocks(lines), ...bare].sort((a, b) => a.first - b.first)
  if (blocks.length === 0) return null
  return {
    sources: blocks.map((block) => `${block.source}\n`),
    withMarkers: (paths) => {
      const out: string[] = []
      let next = 0
      blocks.forEach((block, index) => {
        const path = paths[index]
        if (path === null || path === undefined) return
        out.push(...lines.slice(next, block.first), `DIAGRAM: ${path}`)
        next = block.last + 1
      })
      out.push(...lines.slice(next))
      return out.join('\n').trim()
    },
  }
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
