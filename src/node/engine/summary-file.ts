/** Where a discussion's summary is kept, `<name>.sum.md` beside `<name>.md`, and reading it back. */
import { DiscussionError } from '../../core/errors.js'
import { NotReadableError, readRegularFile } from '../files/read-regular-file.js'

/** A `.sum.md` larger than this is not shown (the files `summarize` writes are a few kilobytes). */
const MAX_SUMMARY_BYTES = 1_000_000

export function summaryFileOf(discussionPath: string): string {
  return discussionPath.replace(/(\.md)?$/i, '.sum.md')
}

/**
 * The text of a `.sum.md` the app shows. A folder may be someone else's repository, so a FIFO, a
 * device or a huge file there is refused rather than read (a FIFO would never end).
 */
export function readSummaryText(file: string): string {
  try {
    return readRegularFile(file, MAX_SUMMARY_BYTES).toString('utf8')
  } catch (error) {
    if (error instanceof NotReadableError)
      throw new DiscussionError(`${file}: ${error.message}; not shown as a summary.`)
    throw error
  }
}
