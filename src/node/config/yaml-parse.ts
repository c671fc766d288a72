/**
 * Turning YAML text into data with the `yaml` package, keeping the parsed document so that a
 * problem found later can be pointed at its line: only then is the way to it walked.
 */
import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import type { Document } from 'yaml'

import { ConfigError } from './config-error.js'

/** A way into a YAML document: mapping keys and list indexes. */
export type YamlPath = readonly (string | number)[]

export interface Position {
  /** 1-based. */
  line: number
  /** 1-based. */
  column: number
}

/** A parsed YAML file, kept with what is needed to point back into it. */
export interface YamlSource {
  file: string
  /** The document as plain data; null when the file is empty (or holds only comments). */
  data: unknown
  empty: boolean
  /**
   * Where `path` stands: the key of the last mapping entry found along it, or the list item;
   * when the path goes further than the file does (a missing field), the nearest parent there.
   */
  positionOf(path: YamlPath): Position
}

/** The text of a mapping key, as the data has it (`1:` and `"1":` are both key "1"). */
function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key)
}

function positionIn(doc: Document.Parsed, lineCounter: LineCounter, path: YamlPath): Position {
  let node: unknown = doc.contents
  let offset = isNode(node) ? (node.range?.[0] ?? 0) : 0
  for (const segment of path) {
    // Aliases are followed, as the data has their values there too.
    if (isAlias(node)) node = node.resolve(doc)
    let next: unknown
    if (isMap(node)) {
      const pair = node.items.find((item) => keyText(item.key) === String(segment))
      if (pair === undefined) break
      if (isNode(pair.key)) offset = pair.key.range?.[0] ?? offset
      next = pair.value
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment]
      if (next === undefined) break
      if (isNode(next)) offset = next.range?.[0] ?? offset
    } else break
    node = next
  }
  const { line, col } = lineCounter.linePos(offset)
  return { line, column: col }
}

/** Parses YAML text; a syntax error becomes a ConfigError at its line and column. */
export function parseYamlText(file: string, text: string): YamlSource {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false })
  const [syntax] = doc.errors
  if (syntax !== undefined) {
    const { line, col } = lineCounter.linePos(syntax.pos[0])
    // The first line only: later ones are the `yaml` package's excerpt of the source.
    const what = syntax.message.split('\n')[0]?.trim() ?? syntax.code
    throw new ConfigError(`YAML syntax error: ${what}`, { file, line, column: col })
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 100 })
  } catch (error) {
    // An alias to an anchor that is not defined, or an alias bomb.
    throw new ConfigError(`YAML error: ${(error as Error).message}`, { file })
  }
  return {
    file,
    data: data ?? null,
    empty: doc.contents === null,
    positionOf: (path) => positionIn(doc, lineCounter, path),
  }
}
