/**
 * An exported file (an ADR, an HTML page) written through the project's one confined write: its
 * folder is created only inside `root` (after links), an existing name is never replaced unless
 * the person asked (`force`), and a name that is a link is never written through.
 */
import { lstat } from 'node:fs/promises'
import { dirname } from 'node:path'

import { DiscussionError } from '../../core/errors.js'
import { createDurably, ensureFolderInside, replaceDurably } from '../store/durable-write.js'

/** The file is there and the person did not ask to replace it. */
export class ExportExistsError extends DiscussionError {
  constructor(
    readonly file: string,
    message = `${file}: exists; not replaced. Give --force to replace it, or choose another name.`,
  ) {
    super(message)
  }
}

export async function writeExport(
  file: string,
  text: string,
  root: string,
  options: { force?: boolean; exists?: string } = {},
): Promise<{ replaced: boolean }> {
  const folder = await ensureFolderInside(dirname(file), root)
  if (options.force) {
    const replaced = (await lstat(file).catch(() => null)) !== null
    await replaceDurably(file, text, folder)
    return { replaced }
  }
  try {
    await createDurably(file, text, folder)
    return { replaced: false }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new ExportExistsError(file, options.exists)
    throw error
  }
}
