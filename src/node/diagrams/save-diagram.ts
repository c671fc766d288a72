/**
 * Writing diagram files: a new one in the discussion's `diagrams/` folder (never replacing one),
 * or the source of one a `DIAGRAM:` line names. Both write only inside where they belong, after
 * following links: a `diagrams/` link out of the folder, or a name that is a link, is refused.
 */
import { basename, dirname, join, relative } from 'node:path'

import { diagramSlug, fileTime } from '../../core/diagrams/extract.js'
import { DiscussionError } from '../../core/errors.js'
import { createDurably, ensureFolderInside, replaceDurably } from '../store/durable-write.js'
import { resolveDiagramPath } from './confine.js'
import { outputFolderOf } from './diagram-name.js'

/**
 * Saves `source` as `diagrams/<slug>-<time><ext>` beside `discussionFile`; returns the path
 * relative to the discussion's folder, as a `DIAGRAM:` line names it.
 */
export async function saveNewDiagram(
  discussionFile: string,
  source: string,
  options: { slug?: string; extension?: string; now?: Date } = {},
): Promise<string> {
  const discussionFolder = dirname(discussionFile)
  const folder = outputFolderOf(discussionFile)
  await ensureFolderInside(folder, discussionFolder)
  const slug = diagramSlug(options.slug ?? basename(discussionFile).replace(/\.md$/i, ''))
  const stem = `${slug}-${fileTime(options.now ?? new Date())}`
  const extension = options.extension ?? '.puml'
  for (let n = 1; ; n++) {
    const path = join(folder, n === 1 ? `${stem}${extension}` : `${stem}-${n}${extension}`)
    try {
      await createDurably(path, source, discussionFolder)
      return relative(discussionFolder, path).split('\\').join('/')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
}

/**
 * Replaces the source of the diagram `ref` names (relative to `discussionFile`), atomically so an
 * editor or the watcher never sees half a diagram; `roots` are the folders it may be in.
 * Returns the file written.
 */
export async function saveDiagramSource(
  discussionFile: string,
  ref: string,
  source: string,
  roots: readonly string[],
): Promise<string> {
  const resolved = await resolveDiagramPath(discussionFile, ref, roots)
  if (!resolved.ok) throw new DiscussionError(resolved.problem)
  await replaceDurably(resolved.path, source, roots)
  return resolved.path
}
