/**
 * Reads a participant's answer to one step, leniently (the JSON alone, in prose or in a fenced
 * block), and keeps only what the rules allow: no critique or approval of one's own proposal,
 * only proposals in play, only critiques of one's own proposal addressed. What was dropped is
 * said, so the record shows it.
 */
import { admitAnswer, admitText, removedNote } from '../text/text.js'
import type { Text } from '../text/text.js'
import { jsonObjectsIn } from '../turns/answer.js'
import { SEVERITIES } from './model.js'
import type { Severity } from './model.js'

/** A participant's words (proposal, critique, response, revision, justification) are `Text`. */
export type StepAnswer =
  | { kind: 'proposal'; text: Text; confidence: number | null }
  | {
      kind: 'critiques'
      critiques: { target: string; severity: Severity; text: Text; keeps: string | null }[]
    }
  | { kind: 'defense'; addresses: string[]; response: Text; modified: Text | null }
  | { kind: 'ballot'; approves: string[]; justification: Text }

export interface ReadAnswer {
  answer: StepAnswer | null
  /** Why parts were dropped (or why nothing could be read); they quote the answer, so `Text`. */
  notes: Text[]
}

export interface AnswerRules {
  self: string
  ownProposal: string | null
  inPlay: readonly string[]
  /** Critique ids the author may address (this round's critiques of its proposal). */
  addressable: readonly string[]
  earlierCritiques: readonly string[]
  allowModifications: boolean
}

/**
 * Counts what the door removed from the strings an answer's JSON decoded to, for the note its
 * block then carries.
 */
class Decoder {
  /** What the answer as it came held that was not text, then what its JSON decoded to. */
  removed: number

  /** The answer's prose through the door, for an answer that holds no JSON. */
  readonly prose: Text

  constructor(raw: string) {
    const crossed = admitAnswer(raw)
    this.removed = crossed.removed
    this.prose = admitText(crossed.text.trim())
  }

  /** A decoded string through the door, trimmed; anything else is empty. */
  text(value: unknown): Text {
    if (typeof value !== 'string') return admitText('')
    const crossed = admitAnswer(value)
    this.removed += crossed.removed
    return admitText(crossed.text.trim())
  }

  texts(value: unknown): Text[] {
    return Array.isArray(value) ? value.map((item) => this.text(item)).filter(Boolean) : []
  }

  /** The notes, with one more when the door removed anything. */
  notes(notes: string[]): Text[] {
    const removed = removedNote(this.removed)
    return [...notes, ...(removed ? [removed] : [])].map(admitText)
  }
}

/** The last object in the text holding the step's key: models tend to put the answer last. */
function objectWith(text: string, key: string): Record<string, unknown> | null {
  return jsonObjectsIn(text).findLast((object) => key in object) ?? null
}

export function readProposal(text: string): ReadAnswer {
  const decode = new Decoder(text)
  const object = objectWith(text, 'proposal')
  if (object) {
    const confidence = typeof object.confidence === 'number' ? object.confidence : null
    const clamped =
      confidence === null || !Number.isFinite(confidence)
        ? null
        : Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100
    const proposal = decode.text(object.proposal)
    if (proposal !== '')
      return {
        answer: { kind: 'proposal', text: proposal, confidence: clamped },
        notes: decode.notes([]),
      }
  }
  // A model that wrote its proposal as prose still proposed something: keep it.
  const prose = decode.prose
  if (prose !== '' && !prose.startsWith('{'))
    return {
      answer: { kind: 'proposal', text: prose, confidence: null },
      notes: decode.notes(['answered in prose, not JSON; kept as the proposal with no confidence']),
    }
  return { answer: null, notes: decode.notes(['no proposal in the answer']) }
}

export function readCritiques(text: string, rules: AnswerRules): ReadAnswer {
  const decode = new Decoder(text)
  const object = objectWith(text, 'critiques')
  if (!object || !Array.isArray(object.critiques))
    return { answer: null, notes: decode.notes(['the answer holds no "critiques" list']) }
  const notes: string[] = []
  const critiques: { target: string; severity: Severity; text: Text; keeps: string | null }[] = []
  for (const raw of object.critiques as unknown[]) {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
    const target = decode.text(item.target).toUpperCase()
    const body = decode.text(item.text)
    if (target === rules.ownProposal) {
      notes.push(`dropped a critique of its own proposal ${target}`)
      continue
    }
    if (!rules.inPlay.includes(target)) {
      notes.push(`dropped a critique of "${target}", which is not in play`)
      continue
    }
    if (body === '') {
      notes.push(`dropped an empty critique of ${target}`)
      continue
    }
    const wanted = decode.text(item.severity).toLowerCase()
    const severity = (SEVERITIES as readonly string[]).includes(wanted)
      ? (wanted as Severity)
      : 'major'
    if (severity !== wanted)
      notes.push(`severity "${wanted}" of a critique of ${target} read as major`)
    const keeps = decode.text(item.keeps)
    critiques.push({
      target,
      severity,
      text: body,
      keeps: keeps !== '' && rules.earlierCritiques.includes(keeps) ? keeps : null,
    })
  }
  return { answer: { kind: 'critiques', critiques }, notes: decode.notes(notes) }
}

export function readDefense(text: string, rules: AnswerRules): ReadAnswer {
  const decode = new Decoder(text)
  const object = objectWith(text, 'addresses') ?? objectWith(text, 'response')
  if (!object)
    return {
      answer: null,
      notes: decode.notes(['the answer holds no defense ("addresses", "response")']),
    }
  const notes: string[] = []
  const addresses = decode.texts(object.addresses).filter((id) => {
    if (rules.addressable.includes(id)) return true
    notes.push(`ignored "${id}": not a critique of this proposal in this round`)
    return false
  })
  let modified: Text | null = decode.text(object.modified) || null
  if (modified && !rules.allowModifications) {
    notes.push('modifications are off in this debate; the revision was not applied')
    modified = null
  }
  return {
    answer: {
      kind: 'defense',
      addresses: [...new Set(addresses)],
      response: decode.text(object.response),
      modified,
    },
    notes: decode.notes(notes),
  }
}

export function readBallot(text: string, rules: AnswerRules): ReadAnswer {
  const decode = new Decoder(text)
  const object = objectWith(text, 'approves')
  if (!object) return { answer: null, notes: decode.notes(['the answer holds no "approves" list']) }
  const notes: string[] = []
  const approves = decode
    .texts(object.approves)
    .map((id) => id.toUpperCase())
    .filter((id) => {
      if (id === rules.ownProposal) {
        notes.push(`dropped the approval of its own proposal ${id}`)
        return false
      }
      if (!rules.inPlay.includes(id)) {
        notes.push(`dropped the approval of "${id}", which is not in play`)
        return false
      }
      return true
    })
  return {
    answer: {
      kind: 'ballot',
      approves: [...new Set(approves)],
      justification: decode.text(object.justification),
    },
    notes: decode.notes(notes),
  }
}
