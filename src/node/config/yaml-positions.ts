/**
 * Where things stand in a YAML file, kept as plain data once the file is parsed (the parsed
 * document itself is not kept): for each path to a key or list item, its 1-based line and column.
 */
export type YamlPath = readonly (string | number)[]

/** `positionKey(path)` -> [line, column]. */
export type YamlPositions = Record<string, readonly [number, number]>

export interface Position {
  /** 1-based. */
  line: number
  /** 1-based. */
  column: number
}

/** A path as a key: list indexes stay numbers, so `["0"]` (a key) and `[0]` (an item) differ. */
export const positionKey = (path: YamlPath): string => JSON.stringify(path)

/**
 * Where `path` is: the key of the last mapping entry found along it, or the list item; when the
 * path goes further than the file does (a missing field), the nearest parent that exists.
 */
export function positionOf(positions: YamlPositions, path: YamlPath): Position {
  for (let length = path.length; length >= 0; length--) {
    const found = positions[positionKey(path.slice(0, length))]
    // A key path segment may come as a number (a record keyed by numbers): try it as text too.
    const asText = positions[positionKey(path.slice(0, length).map(String))]
    const hit = found ?? asText
    if (hit) return { line: hit[0], column: hit[1] }
  }
  return { line: 1, column: 1 }
}
