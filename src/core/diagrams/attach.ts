import type { Text } from '../text/text.js'
import { admitText } from '../text/text.js'
import { extractDiagrams } from './extract.js'

/** Saves a new diagram file; returns its path relative to the discussion's folder. */
export type SaveDiagram = (discussionFile: string, source: string) => Promise<string>

/**
 * The comment as it is appended, an AI's answer or a person's comment alike: each PlantUML block
 * becomes a saved file and a `DIAGRAM:` line. A block whose file cannot be written stays in the
 * comment, so a diagram is never lost.
 */
export async function attachDiagram(
  comment: Text,
  discussionFile: string,
  save: SaveDiagram | undefined,
): Promise<Text> {
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
  // The markers' paths are the store's own names for the files; the rest is the comment's Text.
  return paths.every((path) => path === null) ? comment : admitText(found.withMarkers(paths))
}
