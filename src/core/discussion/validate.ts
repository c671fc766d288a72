/**
 * Problems a person should fix in a discussion file, each with its line and how to fix it.
 * Validation reads the parsed view only; it never throws and never changes the file.
 */
import { DELIMITER_LINE, indexLines } from '../format/lines.js'
import { headerValue } from '../format/headers.js'
import { matchMarker, normalizeVote } from '../format/markers.js'
import { INCOMPLETE_BLOCK_LINE } from '../format/tail.js'
import type { ParsedDiscussion } from '../format/model.js'
import { mapFences } from '../format/fences.js'

export interface Problem {
  line: number
  message: string
}

const EMPTY_NAME = /^name:\s*$/i

export function validateDiscussion(parsed: ParsedDiscussion): Problem[] {
  const problems: Problem[] = []
  const add = (line: number, message: string): void => void problems.push({ line, message })

  for (const name of ['Title', 'Phase', 'Status']) {
    if (!headerValue(parsed, name)) {
      add(1, `The header has no <!-- ${name}: ... --> line; add one at the top of the file.`)
    }
  }

  for (const fence of parsed.unclosedFences) {
    add(
      fence.line,
      'A code fence opened here is never closed, so everything after it is read as code. Close it with a matching ``` or ~~~ line.',
    )
  }

  let seenDelimiter = false
  for (const segment of parsed.segments) {
    if (segment.kind === 'delimiter') {
      seenDelimiter = true
      continue
    }
    if (segment.kind === 'comment') {
      for (const marker of segment.comment.markers) {
        if (marker.kind === 'vote' && !normalizeVote(marker.text)) {
          add(marker.line, `Unknown vote "${marker.text}"; use READY, CHANGES or REJECT.`)
        }
      }
      const { comment } = segment
      // A fence left open swallows the closing ---; the fence message already says so.
      const fenceInside = parsed.unclosedFences.some(
        (fence) => fence.line >= comment.line && fence.line <= comment.endLine,
      )
      if (!comment.closed && !fenceInside) {
        add(
          comment.line,
          `The comment by ${segment.comment.author} is not closed by a --- line (was a write cut short?). Add a --- line after it.`,
        )
      }
      continue
    }
    if (seenDelimiter) checkContentSegment(segment.raw, segment.line, add)
  }

  checkPhaseAgreement(parsed, add)

  const last = parsed.segments[parsed.segments.length - 1]
  if (last?.kind === 'content' && seenDelimiter && last.raw.trim() !== '') {
    add(
      last.line,
      'Text after the last --- line is not part of any block. End the file with a --- line.',
    )
  } else if (last?.kind === 'delimiter' && !parsed.endsWithDelimiter) {
    add(
      last.line,
      'The last --- line has no line break after it. Add a newline at the end of the file.',
    )
  }
  return problems.sort((a, b) => a.line - b.line)
}

/** A segment between delimiters with no `Name:` line: markers there belong to nobody. */
function checkContentSegment(
  raw: string,
  firstLine: number,
  add: (line: number, message: string) => void,
): void {
  const { texts } = indexLines(raw)
  const { inFence } = mapFences(texts)
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] ?? ''
    if (inFence[i] || DELIMITER_LINE.test(text)) continue
    if (INCOMPLETE_BLOCK_LINE.test(text)) {
      add(
        firstLine + i,
        'The block above was never closed with --- (a write cut short, or an unfinished edit). Check it, then delete this marker line.',
      )
      return
    }
    if (EMPTY_NAME.test(text)) {
      add(
        firstLine + i,
        'A "Name:" line without a name. Write the author after it, as "Name: Rob".',
      )
      return
    }
    if (matchMarker(text)) {
      add(
        firstLine + i,
        'A comment without a "Name:" line: its markers and votes count for nobody. Start the block with "Name: <author>".',
      )
      return
    }
  }
}

function checkPhaseAgreement(
  parsed: ParsedDiscussion,
  add: (line: number, message: string) => void,
): void {
  const transitions = parsed.phaseMarkers.filter((marker) => marker.kind === 'transition')
  const lastTransition = transitions[transitions.length - 1]
  const header = parsed.headers.find((entry) => entry.key.toLowerCase() === 'phase')
  if (!lastTransition || !header) return
  if (header.value.trim().toLowerCase() !== lastTransition.to.toLowerCase()) {
    add(
      header.line,
      `The header says Phase "${header.value.trim()}" but the last transition (line ${lastTransition.line}) moved to "${lastTransition.to}". Make them agree.`,
    )
  }
}
