/**
 * The reading screen's text, laid out lazily: the file is cut into parts (what comes before the
 * first comment, then one part per comment), and a part is wrapped to the terminal only when the
 * screen reaches it. A place in the text is a part and a line of it, so opening a 50 MB file or a
 * 2 MB answer lays out a screenful, not the whole file, and a place stays meaningful when the
 * file grows (comments are only appended: part N is the same comment before and after).
 */
import type { DiscussionView } from '../../core/discussion/describe.js'
import { commentsByLine, layoutLines } from './reading.js'
import type { ReadingLine, RoleOf } from './reading.js'

/** The top line of the screen: a part (0 = before the first comment, k = comment k-1), a line of it. */
export interface Place {
  part: number
  line: number
}

export const TOP: Place = { part: 0, line: 0 }

/** Where a person was in a discussion, kept while the program runs; `atEnd` follows the end. */
export interface KeptPlace {
  place: Place
  atEnd: boolean
}

function before(a: Place, b: Place): boolean {
  return a.part < b.part || (a.part === b.part && a.line < b.line)
}

export class ReadingDocument {
  /** Offset in the text where each part starts, and one past the last part's end. */
  readonly #offsets: number[]
  /** The file's line number each part starts at. */
  readonly #firstLines: number[]
  readonly #startByLine: Map<number, number>
  // Each part's lines, laid out when first shown; a document serves one text at one width.
  readonly #laidOut = new Map<number, ReadingLine[]>()

  constructor(
    private readonly text: string,
    private readonly view: DiscussionView,
    private readonly width: number,
    private readonly roleOf: RoleOf,
  ) {
    this.#startByLine = commentsByLine(view)
    const firstLines = [1, ...view.comments.map((comment) => comment.line)]
    this.#firstLines = firstLines
    this.#offsets = lineOffsets(text, firstLines)
  }

  /** How many parts: one before the comments, one per comment. */
  get parts(): number {
    return this.#firstLines.length
  }

  /** The part that holds comment `index`. */
  partOf(comment: number): number {
    return comment + 1
  }

  lines(part: number): ReadingLine[] {
    const known = this.#laidOut.get(part)
    if (known) return known
    const start = this.#offsets[part] ?? 0
    const end = this.#offsets[part + 1] ?? this.text.length
    const last = part === this.parts - 1
    const source = this.text.slice(start, end).split(/\r?\n/)
    // A part that is not the last ends with the newline before the next part's first line.
    if (!last) source.pop()
    const lines = layoutLines(
      source,
      this.#firstLines[part] ?? 1,
      this.view,
      this.width,
      this.roleOf,
      this.#startByLine,
      last,
    )
    this.#laidOut.set(part, lines)
    return lines
  }

  /** `delta` lines on from `place` (back when negative), stopping at the ends of the text. */
  step(place: Place, delta: number): Place {
    let { part, line } = place
    line += delta
    while (line < 0 && part > 0) {
      part -= 1
      line += this.lines(part).length
    }
    if (line < 0) return TOP
    while (line >= this.lines(part).length && part < this.parts - 1) {
      line -= this.lines(part).length
      part += 1
    }
    return { part, line: Math.min(line, Math.max(0, this.lines(part).length - 1)) }
  }

  /** The place that shows the end of the text on a screen of `height` lines. */
  end(height: number): Place {
    let part = this.parts - 1
    let line = this.lines(part).length - height
    while (line < 0 && part > 0) {
      part -= 1
      line += this.lines(part).length
    }
    if (line < 0) return TOP
    return this.step({ part, line }, 0)
  }

  /** Keeps a place inside the text: never past the place that shows its end. */
  clamp(place: Place, height: number): Place {
    const end = this.end(height)
    return before(end, place) ? end : this.step(place, 0)
  }

  atEnd(place: Place, height: number): boolean {
    return !before(place, this.end(height))
  }

  /** Up to `count` lines from `place` on. */
  window(place: Place, count: number): ReadingLine[] {
    const out: ReadingLine[] = []
    let { part, line } = place
    while (out.length < count && part < this.parts) {
      const lines = this.lines(part)
      out.push(...lines.slice(line, line + count - out.length))
      part += 1
      line = 0
    }
    return out
  }

  /** The first line of the next comment after the top of the screen. */
  nextComment(place: Place, height: number): Place {
    for (let part = place.part + 1; part < this.parts; part++)
      if (this.lines(part).length > 0) return this.clamp({ part, line: 0 }, height)
    return place
  }

  /** The first line of the comment before the top of the screen (or of the one it is in). */
  previousComment(place: Place): Place {
    if (place.part > 0 && place.line > 0) return { part: place.part, line: 0 }
    for (let part = place.part - 1; part > 0; part--)
      if (this.lines(part).length > 0) return { part, line: 0 }
    return TOP
  }

  /** Where the bottom of the screen is, as "all" or a percentage of the file's bytes. */
  position(place: Place, height: number): string {
    if (place.part === 0 && place.line === 0 && this.atEnd(place, height)) {
      if (this.window(TOP, height + 1).length <= height) return 'all'
    }
    const bottom = this.step(place, height - 1)
    const start = this.#offsets[bottom.part] ?? 0
    const end = this.#offsets[bottom.part + 1] ?? this.text.length
    const count = Math.max(1, this.lines(bottom.part).length)
    const at = start + ((end - start) * (bottom.line + 1)) / count
    return `${Math.round((at / Math.max(1, this.text.length)) * 100)}%`
  }
}

/** The offset of each of `lineNumbers` (1-based, ascending) in `text`, then the text's length. */
function lineOffsets(text: string, lineNumbers: readonly number[]): number[] {
  const offsets: number[] = []
  let line = 1
  let offset = 0
  for (const wanted of lineNumbers) {
    while (line < wanted) {
      const newline = text.indexOf('\n', offset)
      if (newline === -1) break
      offset = newline + 1
      line += 1
    }
    offsets.push(offset)
  }
  offsets.push(text.length)
  return offsets
}
