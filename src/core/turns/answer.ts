/**
 * Reads what a model answered, leniently: the JSON contract alone, inside prose or a fenced block,
 * or plain markdown ending in a `VOTE:` line as the seed's personas write. The vote is taken out
 * of the text (the store writes it once, after the comment), and an answer that fits no form is
 * kept as a plain comment with a note, never dropped.
 */
import { fenceOpener, mapFences } from '../format/fences.js'
import { matchMarker, normalizeVote } from '../format/markers.js'
import type { Vote } from '../format/model.js'

export type ParsedAnswer =
  | {
      kind: 'comment'
      comment: string
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

/** Removes VOTE lines (outside code) and returns the last vote they named. */
export function extractVoteLines(text: string): { text: string; vote: Vote | null } {
  const lines = text.split('\n')
  const { inFence } = mapFences(lines)
  let vote: Vote | null = null
  const kept = lines.filter((line, i) => {
    if (inFence[i]) return true
    const marker = matchMarker(line)
    if (marker?.kind !== 'vote') return true
    vote = normalizeVote(marker.text) ?? vote
    return false
  })
  return { text: kept.join('\n').trim(), vote }
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

export function parseAnswer(raw: string, options: AnswerOptions): ParsedAnswer {
  const text = raw.trim()
  const contract = jsonObjectsIn(text).find(isContract)
  if (contract) {
    if (contract.sentinel === NO_RESPONSE && typeof contract.comment !== 'string') {
      return { kind: 'no-response' }
    }
    const body = extractVoteLines(String(contract.comment))
    const vote = options.votes ? (voteFrom(contract.vote) ?? body.vote) : null
    if (body.text === '' && vote === null) return { kind: 'no-response' }
    return { kind: 'comment', comment: body.text, vote, form: 'json', note: null }
  }
  if (text === NO_RESPONSE || text === '') return { kind: 'no-response' }
  const body = extractVoteLines(unwrapFence(text))
  // Markdown with a VOTE line is the seed personas' own form; so is plain markdown from someone
  // who does not vote. Anything else did not follow the contract: keep it, and say so.
  const followsAForm = body.vote !== null || !options.votes
  const note = followsAForm
    ? null
    : '_(This answer did not follow the response format, so it carries no vote; it is kept as written.)_'
  return {
    kind: 'comment',
    comment: note ? `${body.text}\n\n${note}` : body.text,
    vote: options.votes ? body.vote : null,
    form: 'markdown',
    note,
  }
}
