/**
 * The parts of a decision record that come from the discussion as a whole: its context (what
 * its author wrote above the first comment) and its people (who decided, who was consulted).
 */
import { readRecordedCalls } from '../council/record.js'
import type { DiscussionView } from '../discussion/describe.js'
import { closesFence, fenceOpener } from '../format/fences.js'
import type { FenceOpener } from '../format/fences.js'
import type { ParsedDiscussion } from '../format/model.js'
import { isHumanName } from '../voting/consensus.js'
import type { DecisionKind } from './decision-record.js'
import { sectionOf } from './markdown-text.js'

/** Sections of a discussion's own text that the record fills from the discussion instead. */
const RECORD_SECTIONS = /^(status|decision|consequences)$/i
/** The line a template puts before the first comment: "*Discussion begins below.*". */
const BEGINS_BELOW = /^\s*[*_][^*_\n]*\bbelow\b[^*_\n]*[*_]\s*$/i

/** `text` without the sections whose heading matches `names` (to the next heading as high). */
function withoutSections(text: string, names: RegExp): string {
  const kept: string[] = []
  let fence: FenceOpener | null = null
  let skipping = 0 // the level of the section being left out; 0: none
  for (const line of text.split('\n')) {
    if (!fence) {
      const heading = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/.exec(line)
      if (heading && !fenceOpener(line)) {
        const level = heading[1]?.length ?? 1
        if (skipping > 0 && level <= skipping) skipping = 0
        if (skipping === 0 && names.test(heading[2] ?? '')) skipping = level
      }
      fence = fenceOpener(line)
    } else if (closesFence(line, fence)) fence = null
    if (skipping === 0) kept.push(line)
  }
  return kept.join('\n')
}

/** The record's context: a debate's or council's question, else the discussion's own text. */
export function contextOf(body: string, kind: DecisionKind): string {
  if (kind !== 'discussion') {
    const question = sectionOf(body, /^(question|context)$/i)
    if (question) return question
  }
  const lines = withoutSections(body, RECORD_SECTIONS).trimEnd().split('\n')
  while (lines.length > 0 && BEGINS_BELOW.test(lines[lines.length - 1] ?? '')) lines.pop()
  return lines.join('\n').trim()
}

/** A name the engine signs its own lines with (`Bot-Debate`): neither a person nor a persona. */
const ENGINE_NAME = /^bot[-_]/i

export interface DecisionPeople {
  /** Humans who voted, in the order of their first vote. */
  decisionMakers: string[]
  /** Personas that answered, each with the models it answered through when the file records them. */
  consulted: string[]
}

export function peopleOf(parsed: ParsedDiscussion, view: DiscussionView): DecisionPeople {
  const decisionMakers: string[] = []
  const personas: string[] = []
  for (const comment of parsed.comments) {
    const name = comment.author
    if (isHumanName(name)) {
      if (comment.vote && !decisionMakers.includes(name)) decisionMakers.push(name)
    } else if (!ENGINE_NAME.test(name) && !personas.includes(name)) personas.push(name)
  }
  const models = new Map<string, string[]>()
  if (view.template?.toLowerCase() === 'council') {
    for (const call of readRecordedCalls(parsed).values()) {
      if (!call.provider) continue
      const list = models.get(call.author) ?? []
      if (!list.includes(call.provider)) list.push(call.provider)
      models.set(call.author, list)
    }
  }
  const consulted = personas.map((name) => {
    const used = models.get(name)
    return used && used.length > 0 ? `${name} (${used.join(', ')})` : name
  })
  return { decisionMakers, consulted }
}
