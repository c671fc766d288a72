import type { Text } from '../text/text.js'
import { admitText } from '../text/text.js'
import { extractPlantUml } from './extract.js'

/** Saves a new diagram file; returns its path relative to the discussion's folder. */
export type SaveDiagram = (discussionFile: string, source: string) => Promise<string>

/**
 * The comment as it is appended: a PlantUML block becomes a saved file and a `DIAGRAM:` line.
 * If the file cannot be written the block stays in the comment, so the diagram is never lost.
 */
export async function attachDiagram(
  comment: Text,
  discussionFile: string,
  save: SaveDiagram | undefined,
): Promise<Text> {
  if (!save) return comment
  const found = extractPlantUml(comment)
  if (!found) return comment
  try {
    // The marker's path is the store's own name for the file; the rest is the comment's Text.
    return admitText(found.withMarker(await save(discussionFile, found.source)))
  } catch {
    return comment
  }
}
