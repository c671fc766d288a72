/**
 * What a comment's text reads back as once written, spelled out from the format's rules rather
 * than taken from the writer: the door's characters (`admitText`, tested on its own), every line
 * break a `\n`, no blank lines at either end, and a leading
 * backslash (after the indentation) on each line that reads as one only the engine writes: a
 * debate marker line anywhere, and outside code a record line (`<!-- Phase: x -->`) and, in a
 * participant's text, a `VOTE:` line.
 */
import { isDebateWordLine, isRecordLine, isVoteLine } from '../../src/core/format/engine-lines.js'
import { mapFences } from '../../src/core/format/fences.js'
import { admitText } from '../../src/core/text/text.js'

const BREAKS = /\r\r\n|\r\n|\r|\u2028|\u2029|\u0085/g

/** Code as the file will have it: an opener never closed is escaped, so it opens nothing. */
function writtenFences(lines: readonly string[]): Uint8Array {
  const view = [...lines]
  for (;;) {
    const { inFence, unclosed } = mapFences(view)
    const opener = unclosed[0]
    if (opener === undefined) return inFence
    view[opener] = `\\${view[opener] ?? ''}`
  }
}

export function writtenBody(text: string, options: { votes: boolean }): string {
  const lines = admitText(text).replace(BREAKS, '\n').split('\n')
  while (lines.length > 0 && (lines[0] ?? '').trim() === '') lines.shift()
  while (lines.length > 0 && (lines.at(-1) ?? '').trim() === '') lines.pop()
  const inFence = writtenFences(lines)
  return lines
    .map((line, i) => {
      const engine =
        isDebateWordLine(line) ||
        (!inFence[i] && (isRecordLine(line) || (!options.votes && isVoteLine(line))))
      if (!engine) return line
      const indent = /^\s*/.exec(line)?.[0] ?? ''
      return `${indent}\\${line.slice(indent.length)}`
    })
    .join('\n')
}
