/** Writes a new diagram file next to a discussion, in its `diagrams/` folder, never replacing one. */
import { mkdir } from 'node:fs/promises'
import { basename, dirname, join, relative } from 'node:path'

import { diagramSlug, fileTime } from '../../core/diagrams/extract.js'
import { createDurably } from '../store/durable-write.js'
import { outputFolderOf } from './artifact-editor.js'

/**
 * Saves `source` as `diagrams/<slug>-<time><ext>` beside `discussionFile`; returns the path
 * relative to the discussion's folder, as a `DIAGRAM:` line names it.
 */
export async function saveNewDiagram(
  discussionFile: string,
  source: string,
  options: { slug?: string; extension?: string; now?: Date } = {},
): Promise<string> {
  const folder = outputFolderOf(discussionFile)
  await mkdir(folder, { recursive: true })
  const slug = diagramSlug(options.slug ?? basename(discussionFile).replace(/\.md$/i, ''))
  const stem = `${slug}-${fileTime(options.now ?? new Date())}`
  const extension = options.extension ?? '.puml'
  for (let n = 1; ; n++) {
    const path = join(folder, n === 1 ? `${stem}${extension}` : `${stem}-${n}${extension}`)
    try {
      await createDurably(path, source)
      return relative(dirname(discussionFile), path).split('\\').join('/')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
}
