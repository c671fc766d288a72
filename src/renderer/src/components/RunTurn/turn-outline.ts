/**
 * A turn without its streamed text: who is asked, each one's state, vote and figures, the phase
 * change and the outcome. What the thread, its turn line and the header show changes only when
 * this does, while the text a persona streams changes with every token and is read by that
 * persona's card alone. The type leaves the text out, so nothing drawn from an outline can read
 * it stale.
 */
import type { ParticipantRow, TurnState } from './turn-state.js'

export type RowOutline = Omit<ParticipantRow, 'text'>

export interface TurnOutline extends Omit<TurnState, 'rows'> {
  rows: readonly RowOutline[]
}

/** Whether `turn` has the same outline as `outline`: every field but the rows' text is the same. */
export function sameOutline(outline: TurnOutline, turn: TurnState): boolean {
  const keys = new Set([...Object.keys(outline), ...Object.keys(turn)])
  for (const key of keys) {
    if (key === 'rows') continue
    if (outline[key as keyof TurnOutline] !== turn[key as keyof TurnState]) return false
  }
  if (outline.rows.length !== turn.rows.length) return false
  return outline.rows.every((row, index) => {
    const other = turn.rows[index]
    if (!other) return false
    const fields = new Set([...Object.keys(row), ...Object.keys(other)])
    fields.delete('text')
    return [...fields].every(
      (field) => row[field as keyof RowOutline] === other[field as keyof ParticipantRow],
    )
  })
}

/** The outline of `turn` (its rows without their text). */
export function outlineOf(turn: TurnState): TurnOutline {
  return { ...turn, rows: turn.rows.map(({ text: _text, ...row }) => row) }
}
