/**
 * Reads what a model answered, leniently: the JSON contract alone, inside prose or a fenced block,
 * or plain markdown ending in a `VOTE:` line as the seed's personas write. The vote is taken out
 * of the text (the store writes it once, after the comment), and an answer that fits no form is
 * kept as a plain comment with a note, never dropped.
 *
 * The answer is outside text: the strings its JSON decodes to, or its markdown, pass the door
 * (`src/core/text`) before anything here reads them, so a `VOTE:` line behind a CR, U+2028 or NEL,
 * or an escape sequence written as `\u001b` in the JSON, is a line or nothing like any other.
 */
import { closeFences } from '../format/escape.js'
import { fenceOpener } from '../format/fences.js'
import { matchMarker, normalizeVote } from '../format/markers.js'
import type { Vote } from '../format/model.js'
import { admitAnswer, admitText, joinText, removedNote } from '../text/text.js'
import type { Text } from '../text/text.js'

export type ParsedAnswer =
  | {
      kind: 'comment'
      /** The comment as it is written, notes included. */
      comment: Text
      vote: Vote | null
      form: 'json' | 'markdown'
      note: string | null
    }
  | { kind: 'no-response' }

const NO_RESPONSE = 'NO_RESPONSE'

/** Every balanced `{...}` in the text that parses as a JSON object, in order. */
export function jsonObjectsIn(text: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = []
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0
    let inString = false
    for (let i = start; i < text.length; i++) {
      const char = text[i]
      if (inString) {
        if (char === '\\') i++
        else if (char === '"') inString = false
      } else if (char === '"') inString = true
      else if (char === '{') depth++
      else if (char === '}' && --depth === 0) {
        try {
          const value: unknown = JSON.parse(text.slice(start, i + 1))
          if (value && typeof value === 'object' && !Array.isArray(value)) {
            found.push(value as Record<string, unknown>)
            start = i
          }
        } catch {
          // not JSON: keep scanning from the next brace
        }
        break
      }
    }
  }
  return found
}

function isContract(value: Record<string, unknown>): boolean {
  return typeof value.comment === 'string' || value.sentinel === NO_RESPONSE
}

function voteFrom(value: unknown): Vote | null {
  return typeof value === 'string' ? normalizeVote(value) : null
}

/**
 * Removes VOTE lines and returns the last vote they named. Code is looked at as it will be
 * written: a fence that is never closed is escaped then (`escape.ts`), so a VOTE line after one is
 * outside code and taken out here too.
 */
export function extractVoteLines(text: Text): { text: Text; vote: Vote | null } {
  const lines = text.split('\n')
  const inFence = closeFences([...lines])
  let vote: Vote | null = null
  const kept = lines.filter((line, i) => {
    if (inFence[i]) return true
    const marker = matchMarker(line)
    if (marker?.kind !== 'vote') return true
    vote = normalizeVote(marker.text) ?? vote
    return false
  })
  return { text: kept.join('\n').trim() as Text, vote }
}

/** Unwraps a reply that is only one fenced block of markdown. */
function unwrapFence(text: string): string {
  const lines = text.trim().split('\n')
  const opener = fenceOpener(lines[0] ?? '')
  const last = lines[lines.length - 1]?.trim() ?? ''
  if (
    opener &&
    lines.length > 2 &&
    /^(md|markdown)?$/i.test(lines[0]?.trim().replace(/^[`~]+/, '') ?? '') &&
    /^[`~]{3,}$/.test(last)
  ) {
    return lines.slice(1, -1).join('\n')
  }
  return text
}

export interface AnswerOptions {
  /** Whether this participant votes in this phase; a background persona never does. */
  votes: boolean
}

const FORMAT_NOTE =
  'This answer did not follow the response format, so it carries no vote; it is kept as written.'

/** The comment with its notes, each an italic line of its own. */
function withNotes(comment: Text, notes: readonly (string | null)[]): Text {
  const lines = notes.filter((note): note is string => note !== null).map((n) => `_(${n})_`)
  if (lines.length === 0) return comment
  const note = admitText(lines.join('\n'))
  return comment === '' ? note : joinText([comment, note], '\n\n')
}

export function parseAnswer(raw: string, options: AnswerOptions): ParsedAnswer {
  // JSON is decoded from the answer as it came (a U+2028 is legal inside a JSON string); what it
  // decodes to goes through the door.
  const contract = jsonObjectsIn(raw).find(isContract)
  if (contract) {
    if (contract.sentinel === NO_RESPONSE && typeof contract.comment !== 'string') {
      return { kind: 'no-response' }
    }
    const decoded = admitAnswer(String(contract.comment))
    const body = extractVoteLines(decoded.text)
    const vote = options.votes ? (voteFrom(contract.vote) ?? body.vote) : null
    if (body.text === '' && vote === null) return { kind: 'no-response' }
    // What the answer held that was not text, around the JSON or decoded from its escapes.
    const note = removedNote(admitAnswer(raw).removed + decoded.removed)
    return {
      kind: 'comment',
      comment: withNotes(body.text, [note]),
      vote,
      form: 'json',
      note: note === null ? null : `_(${note})_`,
    }
  }
  const crossed = admitAnswer(raw)
  const text = crossed.text.trim()
  if (text === NO_RESPONSE || text === '') return { kind: 'no-response' }
  const body = extractVoteLines(admitText(unwrapFence(text)))
  // Markdown with a VOTE line is the seed personas' own form; so is plain markdown from someone
  // who does not vote. Anything else did not follow the contract: keep it, and say so.
  const followsAForm = body.vote !== null || !options.votes
  const notes = [followsAForm ? null : FORMAT_NOTE, removedNote(crossed.removed)]
  const note =
    notes
      .filter((n) => n !== null)
      .map((n) => `_(${n})_`)
      .join('\n') || null
  return {
    kind: 'comment',
    comment: withNotes(body.text, notes),
    vote: options.votes ? body.vote : null,
    form: 'markdown',
    note,
  }
}
