/**
 * The first part of a long discussion, cut where a comment ends, so the first screen can be drawn
 * from it while the whole file is parsed off the main thread. A discussion only grows and its
 * comments are numbered in order, so the comments of the head are the first comments of the whole
 * file, with the same numbers and lines: a place kept in the head is the same place in the file.
 */
import { advanceTail, EMPTY_TAIL } from '../../core/format/tail.js'
import { isDelimiterText } from '../../core/format/lines.js'

/** Files up to this many characters are parsed at once, on the main thread (a few ms). */
export const HEAD_CHARS = 256 * 1024

/** How far past `HEAD_CHARS` a cut is looked for before giving up on a head. */
const LOOK_CHARS = 4 * 1024 * 1024

/**
 * The text up to the end of the first delimiter line (`---`, outside any code fence) at or past
 * `atLeast` characters; null when the text is short enough to parse whole, or when no such line
 * comes within a few megabytes (one huge comment: the whole file is then the head's only part).
 */
export function discussionHead(text: string, atLeast = HEAD_CHARS): string | null {
  if (text.length <= atLeast) return null
  const limit = Math.min(text.length, atLeast + LOOK_CHARS)
  // From the start of the line that holds the `atLeast`th character, line by line; the tail of
  // the text before a line says whether a code fence is open around it.
  let from = text.lastIndexOf('\n', atLeast - 1) + 1
  let tail = advanceTail(EMPTY_TAIL, text.slice(0, from))
  while (from < limit) {
    const newline = text.indexOf('\n', from)
    if (newline === -1 || newline >= limit) return null
    const line = text.slice(from, newline).replace(/\r$/, '')
    if (isDelimiterText(line) && tail.fence === null) return text.slice(0, newline + 1)
    tail = advanceTail(tail, text.slice(from, newline + 1))
    from = newline + 1
  }
  return null
}
