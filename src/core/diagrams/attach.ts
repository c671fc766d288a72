import { extractPlantUml } from './extract.js'

/** Saves a new diagram file; returns its path relative to the discussion's folder. */
export type SaveDiagram = (discussionFile: string, source: string) => Promise<string>

/**
 * The comment as it is appended: a PlantUML block becomes a saved file and a `DIAGRAM:` line.
 * If the file cannot be written the block stays in the comment, so the diagram is never lost.
 */
export async function attachDiagram(
  comment: string,
  discussionFile: string,
  save: SaveDiagram | undefined,
): Promise<string> {
  if (!save) return comment
  const found = extractPlantUml(comment)
  if (!found) return comment
  try {
    return found.withMarker(await save(discussionFile, found.source))
  } catch {
    return comment
  }
}
