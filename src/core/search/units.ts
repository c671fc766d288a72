/**
 * What a search looks through in one discussion: its opening (title, headers and context) and
 * each comment, as the run of the file's lines they cover. A comment's lines hold its author's
 * `Name:` line, its body and its markers, so one scan finds all of them, each with its line.
 *
 * A unit is a span of the file, not a copy of it: its lower-cased text is a slice of the whole
 * file lower-cased once, and its lines are cut out only for the hits that are shown. Copies of
 * every line of 100,000 comments made a search of a large folder spend most of its time
 * collecting garbage.
 */
import { parseDiscussion } from '../format/parse.js'

export interface SearchUnit {
  /** The comment's number as `parse` numbers it (from 0); null for the discussion's opening. */
  comment: number | null
  author: string | null
  /** The file line (1-based) of the unit's first line. */
  firstLine: number
  /** Where the unit stands in the file's text: its first line's start, its last line's end. */
  start: number
  end: number
  /** The unit's text lower-cased, for every query that scans this unit. */
  lowered: string
}

export interface SearchableDiscussion {
  path: string
  title: string
  /** The file's text, which the units are spans of. */
  text: string
  /** The whole file lower-cased: whether it can hold a word at all, as the CLI's scan asks it. */
  lowered: string
  units: SearchUnit[]
}

/** Where each line of `source` starts (1-based line N at index N - 1), and the end of the text. */
function lineStarts(source: string): number[] {
  const starts = [0]
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1))
    starts.push(at + 1)
  if (starts[starts.length - 1] !== source.length) starts.push(source.length + 1)
  return starts
}

/** A discussion's file text cut into the units a search ranks (`lowered`: the text lower-cased). */
export function searchableDiscussion(
  path: string,
  source: string,
  lowered = source.toLowerCase(),
): SearchableDiscussion {
  const parsed = parseDiscussion(source)
  const starts = lineStarts(source)
  const lineCount = starts.length - 1
  // Lower-casing keeps the length of almost every text; where it does not (`İ` becomes two
  // characters), the spans of the file no longer fit the lowered copy and each unit lowers its own.
  const sameLength = lowered.length === source.length
  const title = parsed.headers.find((header) => header.key.toLowerCase() === 'title')?.value
  const unit = (
    comment: number | null,
    author: string | null,
    firstLine: number,
    lastLine: number,
  ): SearchUnit => {
    const start = starts[firstLine - 1] ?? source.length
    // The end of the last line, without its line break.
    let end = Math.min((starts[lastLine] ?? source.length + 1) - 1, source.length)
    if (end > start && source.charCodeAt(end - 1) === 13) end--
    const text = sameLength ? lowered.slice(start, end) : source.slice(start, end).toLowerCase()
    return { comment, author, firstLine, start, end, lowered: text }
  }
  const units: SearchUnit[] = []
  const openingEnd = (parsed.comments[0]?.line ?? lineCount + 1) - 1
  if (openingEnd > 0) units.push(unit(null, null, 1, openingEnd))
  for (const comment of parsed.comments)
    units.push(unit(comment.index, comment.author, comment.line, comment.endLine))
  return { path, title: title ?? path, text: source, lowered, units }
}

/** The unit's lines as written (without their line breaks). */
export function unitLines(discussion: SearchableDiscussion, unit: SearchUnit): string[] {
  return discussion.text
    .slice(unit.start, unit.end)
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
}
