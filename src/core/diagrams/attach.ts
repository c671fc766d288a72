import { extractDiagrams } from './extract.js'

/** Saves a new diagram file; returns its path relative to the discussion's folder. */
export type SaveDiagram = (discussionFile: string, source: string) => Promise<string>

/**
 * The comment as it is appended, an AI's answer or a person's comment alike: each PlantUML block
 * becomes a saved file and a `DIAGRAM:` line. A block whose file cannot be written stays in the
 * comment, so a diagram is never lost.
 */
export async function attachDiagram(
  comment: string,
  discussionFile: string,
  save: SaveDiagram | undefined,
): Promise<string> {
  if (!save) return comment
  const found = extractDiagrams(comment)
  if (!found) return comment
  const paths: (string | null)[] = []
  // One after another: each file gets its own name in the same second.
  for (const source of found.sources) {
    try {
      paths.push(await save(discussionFile, source))
    } catch {
      paths.push(null)
    }
  }
  return paths.every((path) => path === null) ? comment : found.withMarkers(paths)
}
