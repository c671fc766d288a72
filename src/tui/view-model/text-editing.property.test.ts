import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  cursorPosition,
  deleteAfter,
  deleteBefore,
  EMPTY_EDITING,
  end,
  home,
  insert,
  left,
  right,
  textOf,
  vertical,
} from './text-editing.js'
import type { Editing } from './text-editing.js'

type Step =
  | { kind: 'type'; text: string }
  | { kind: 'left' | 'right' | 'up' | 'down' | 'home' | 'end' | 'backspace' | 'delete' }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.string({ maxLength: 4 }).map((text) => ({ kind: 'type' as const, text })),
  fc.constantFrom('\n', '😀', 'é').map((text) => ({ kind: 'type' as const, text })),
  fc
    .constantFrom('left', 'right', 'up', 'down', 'home', 'end', 'backspace', 'delete')
    .map((kind) => ({ kind })),
)

/** The same edits on a plain string and an index: the model the editor must agree with. */
function reference(steps: Step[]): { text: string; cursor: number } {
  let chars: string[] = []
  let cursor = 0
  const lineStart = (at: number): number => {
    let start = at
    while (start > 0 && chars[start - 1] !== '\n') start--
    return start
  }
  const lineEnd = (at: number): number => {
    let stop = at
    while (stop < chars.length && chars[stop] !== '\n') stop++
    return stop
  }
  for (const s of steps) {
    if (s.kind === 'type') {
      const added = Array.from(s.text.replace(/\r\n?/g, '\n'))
      chars = [...chars.slice(0, cursor), ...added, ...chars.slice(cursor)]
      cursor += added.length
    } else if (s.kind === 'left') cursor = Math.max(0, cursor - 1)
    else if (s.kind === 'right') cursor = Math.min(chars.length, cursor + 1)
    else if (s.kind === 'home') cursor = lineStart(cursor)
    else if (s.kind === 'end') cursor = lineEnd(cursor)
    else if (s.kind === 'backspace' && cursor > 0) {
      chars.splice(cursor - 1, 1)
      cursor -= 1
    } else if (s.kind === 'delete' && cursor < chars.length) chars.splice(cursor, 1)
    else if (s.kind === 'up' || s.kind === 'down') {
      const lines = chars
        .join('')
        .split('\n')
        .map((line) => Array.from(line).length)
      const before = chars.slice(0, cursor)
      const line = before.filter((c) => c === '\n').length
      const column = cursor - lineStart(cursor)
      const target = line + (s.kind === 'up' ? -1 : 1)
      if (target < 0) cursor = 0
      else if (target >= lines.length) cursor = chars.length
      else {
        let start = 0
        for (let i = 0; i < target; i++) start += (lines[i] ?? 0) + 1
        cursor = start + Math.min(column, lines[target] ?? 0)
      }
    }
  }
  return { text: chars.join(''), cursor }
}

function apply(editing: Editing, s: Step): Editing {
  switch (s.kind) {
    case 'type':
      return insert(editing, s.text)
    case 'left':
      return left(editing)
    case 'right':
      return right(editing)
    case 'up':
      return vertical(editing, -1)
    case 'down':
      return vertical(editing, 1)
    case 'home':
      return home(editing)
    case 'end':
      return end(editing)
    case 'backspace':
      return deleteBefore(editing)
    case 'delete':
      return deleteAfter(editing)
  }
}

describe('the comment editor model (properties)', () => {
  it('agrees with a plain string and index after any keys, the cursor always inside the text', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let editing = EMPTY_EDITING
        for (const s of steps) {
          editing = apply(editing, s)
          expect(editing.cursor).toBeGreaterThanOrEqual(0)
          expect(editing.cursor).toBeLessThanOrEqual(editing.chars.length)
        }
        const expected = reference(steps)
        expect(textOf(editing)).toBe(expected.text)
        expect(editing.cursor).toBe(expected.cursor)
        const { lines, line, column } = cursorPosition(editing)
        expect(lines.join('\n')).toBe(expected.text)
        expect(column).toBeLessThanOrEqual(Array.from(lines[line] ?? '').length)
      }),
      { numRuns: 500 },
    )
  })

  it('types in the middle of a word and deletes on both sides of the cursor', () => {
    let editing = insert(EMPTY_EDITING, 'helo world')
    for (let i = 0; i < 7; i++) editing = left(editing)
    editing = insert(editing, 'l')
    expect(textOf(editing)).toBe('hello world')
    editing = deleteAfter(deleteBefore(editing))
    expect(textOf(editing)).toBe('hel world')
  })
})
