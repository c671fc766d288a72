/**
 * Turning YAML text into data with the `yaml` package, and noting where every key and list item
 * stands so a problem found later can name its line.
 */
import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import type { Document } from 'yaml'

import { ConfigError } from './config-error.js'
import { positionKey } from './yaml-positions.js'
import type { YamlPositions } from './yaml-positions.js'

/** Enough for any settings file; an alias bomb stops here instead of filling the memory. */
const MAX_POSITIONS = 20_000

/**
 * Where each key (for a mapping entry) or item (for a list entry) starts, by its path; the root
 * is the document's contents. Aliases are followed, as the data has their values there too.
 */
function positionsOf(doc: Document.Parsed, lineCounter: LineCounter): YamlPositions {
  const positions: YamlPositions = {}
  let count = 0
  const note = (path: readonly (string | number)[], offset: number | undefined): void => {
    const { line, col } = lineCounter.linePos(offset ?? 0)
    positions[positionKey(path)] = [line, col]
    count++
  }
  const walk = (value: unknown, path: (string | number)[], seen: Set<unknown>): void => {
    const node = isAlias(value) ? value.resolve(doc) : value
    if (count > MAX_POSITIONS || seen.has(node)) return
    const inside = new Set(seen).add(node)
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
        note([...path, key], isNode(pair.key) ? pair.key.range?.[0] : undefined)
        walk(pair.value, [...path, key], inside)
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        note([...path, index], isNode(item) ? item.range?.[0] : undefined)
        walk(item, [...path, index], inside)
      })
    }
  }
  note([], isNode(doc.contents) ? doc.contents.range?.[0] : 0)
  walk(doc.contents, [], new Set())
  return positions
}

/** What a parse gives: the data and where everything in it stands. */
export interface ParsedYaml {
  file: string
  /** The document as plain data; null when the file is empty (or holds only comments). */
  data: unknown
  empty: boolean
  positions: YamlPositions
}

/** Parses YAML text; a syntax error becomes a ConfigError at its line and column. */
export function parseYamlText(file: string, text: string): ParsedYaml {
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
    positions: positionsOf(doc, lineCounter),
  }
}
