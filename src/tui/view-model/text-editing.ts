/**
 * Text being typed, with a cursor that moves: the comment editor's model (and the one-line fields
 * of the turn picker). Pure: each edit returns a new state. The cursor is an index in code points,
 * so ←/→ and Backspace never split a character made of two UTF-16 units.
 */
export interface Editing {
  /** The text, one code point an entry. */
  chars: readonly string[]
  /** Where the next typed character goes: 0 (before the first) to chars.length (after the last). */
  cursor: number
}

export const EMPTY_EDITING: Editing = { chars: [], cursor: 0 }

export function editingOf(text: string): Editing {
  const chars = Array.from(text)
  return { chars, cursor: chars.length }
}

export function textOf(editing: Editing): string {
  return editing.chars.join('')
}

/** Inserts `typed` (line breaks made `\n`) at the cursor, which moves past it. */
export function insert(editing: Editing, typed: string): Editing {
  const added = Array.from(typed.replace(/\r\n?/g, '\n'))
  const chars = [...editing.chars]
  chars.splice(editing.cursor, 0, ...added)
  return { chars, cursor: editing.cursor + added.length }
}

/** Backspace: removes the character before the cursor. */
export function deleteBefore(editing: Editing): Editing {
  if (editing.cursor === 0) return editing
  const chars = [...editing.chars]
  chars.splice(editing.cursor - 1, 1)
  return { chars, cursor: editing.cursor - 1 }
}

/** Delete: removes the character after the cursor. */
export function deleteAfter(editing: Editing): Editing {
  if (editing.cursor >= editing.chars.length) return editing
  const chars = [...editing.chars]
  chars.splice(editing.cursor, 1)
  return { chars, cursor: editing.cursor }
}

export function left(editing: Editing): Editing {
  return { ...editing, cursor: Math.max(0, editing.cursor - 1) }
}

export function right(editing: Editing): Editing {
  return { ...editing, cursor: Math.min(editing.chars.length, editing.cursor + 1) }
}

/** Where the cursor's line starts and ends (the index of its `\n`, or the text's end). */
function lineAround(chars: readonly string[], at: number): { start: number; end: number } {
  let start = at
  while (start > 0 && chars[start - 1] !== '\n') start--
  let end = at
  while (end < chars.length && chars[end] !== '\n') end++
  return { start, end }
}

/** Home: the start of the cursor's line. */
export function home(editing: Editing): Editing {
  return { ...editing, cursor: lineAround(editing.chars, editing.cursor).start }
}

/** End: the end of the cursor's line. */
export function end(editing: Editing): Editing {
  return { ...editing, cursor: lineAround(editing.chars, editing.cursor).end }
}

/**
 * ↑ (`-1`) or ↓ (`1`): the same column of the line above or below, or that line's end when it is
 * shorter; at the first line ↑ goes to its start, at the last ↓ to its end.
 */
export function vertical(editing: Editing, direction: -1 | 1): Editing {
  const { chars, cursor } = editing
  const line = lineAround(chars, cursor)
  const column = cursor - line.start
  if (direction === -1) {
    if (line.start === 0) return { ...editing, cursor: 0 }
    const above = lineAround(chars, line.start - 1)
    return { ...editing, cursor: Math.min(above.start + column, above.end) }
  }
  if (line.end >= chars.length) return { ...editing, cursor: chars.length }
  const below = lineAround(chars, line.end + 1)
  return { ...editing, cursor: Math.min(below.start + column, below.end) }
}

/** The lines of the text, and the line and column the cursor is at (for drawing it). */
export function cursorPosition(editing: Editing): {
  lines: string[]
  line: number
  column: number
} {
  const before = editing.chars.slice(0, editing.cursor)
  const lines = textOf(editing).split('\n')
  const line = before.filter((char) => char === '\n').length
  const lastBreak = before.lastIndexOf('\n')
  return { lines, line, column: editing.cursor - lastBreak - 1 }
}
