/**
 * What a search looks through in one discussion: its opening (title, headers and context) and
 * each comment, as the lines of the file they cover. A comment's lines hold its author's
 * `Name:` line, its body and its markers, so one scan finds all of them, each with its line.
 */
import { indexLines } from '../format/lines.js'
import { parseDiscussion } from '../format/parse.js'

export interface SearchUnit {
  /** The comment's number as `parse` numbers it (from 0); null for the discussion's opening. */
  comment: number | null
  author: string | null
  /** The unit's lines as written, and the file line (1-based) of the first. */
  lines: string[]
  firstLine: number
  /** The lines joined and lower-cased, once, for every query that scans this unit. */
  lowered: string
}

export interface SearchableDiscussion {
  path: string
  title: string
  /** The whole file lower-cased: whether it can hold a word at all, as the CLI's scan asks it. */
  lowered: string
  units: SearchUnit[]
}

const unit = (
  comment: number | null,
  author: string | null,
  lines: string[],
  firstLine: number,
): SearchUnit => ({ comment, author, lines, firstLine, lowered: lines.join('\n').toLowerCase() })

/** A discussion's file text cut into the units a search ranks. */
export function searchableDiscussion(path: string, source: string): SearchableDiscussion {
  const parsed = parseDiscussion(source)
  const { texts } = indexLines(source)
  const title = parsed.headers.find((header) => header.key.toLowerCase() === 'title')?.value
  const units: SearchUnit[] = []
  const openingEnd = (parsed.comments[0]?.line ?? texts.length + 1) - 1
  if (openingEnd > 0) units.push(unit(null, null, texts.slice(0, openingEnd), 1))
  for (const comment of parsed.comments)
    units.push(
      unit(
        comment.index,
        comment.author,
        texts.slice(comment.line - 1, comment.endLine),
        comment.line,
      ),
    )
  return { path, title: title ?? path, lowered: source.toLowerCase(), units }
}
