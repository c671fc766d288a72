/**
 * One participant's part in one phase: build the prompt, call its provider under the round's
 * deadline, read the answer by the rules, and append it (or an ABSENT record saying why not).
 */
import type { CommentBody } from '../format/comment-body.js'
import type { ProviderResult } from '../providers/port.js'
import { admitAnswer, admitName, admitText, TextRefusedError } from '../text/text.js'
import type { Name } from '../text/text.js'
import { blocks } from './blocks.js'
import { budgetStopBlock, withUsage } from './budget-blocks.js'
import type { CritiqueText } from './blocks.js'
import { readBallot, readCritiques, readDefense, readProposal } from './answers.js'
import type { AnswerRules, ReadAnswer } from './answers.js'
import { withDeadline } from './deadline.js'
import type { DebateEvent } from './events.js'
import type { DebatePhase, DebateRound, DebateState } from './model.js'
import { debatePrompt } from './prompts.js'
import { CLERK } from './ports.js'
import type { DebateDeps, DebateRunOptions } from './ports.js'

const CLERK_NAME = admitName(CLERK)

interface AskInput {
  alias: string
  state: DebateState
  round: DebateRound
  phase: DebatePhase
  context: string
  options: DebateRunOptions
  deps: DebateDeps
  emit: (event: DebateEvent) => void
  append: (author: Name, body: CommentBody) => Promise<unknown>
}

function proposalIdFor(state: DebateState, alias: string): string {
  return `P${state.participants.findIndex((p) => p.alias === alias) + 1}`
}

function rulesFor(state: DebateState, round: DebateRound, alias: string): AnswerRules {
  const own = state.proposals.find((p) => p.author === alias)?.id ?? null
  return {
    self: alias,
    ownProposal: own,
    inPlay: round.candidates,
    addressable: round.critiques.filter((c) => c.target === own).map((c) => c.id),
    earlierCritiques: state.rounds
      .filter((r) => r.number < round.number)
      .flatMap((r) => r.critiques.map((c) => c.id)),
    allowModifications: state.settings.allowModifications,
  }
}

function readFor(phase: DebatePhase, text: string, rules: AnswerRules): ReadAnswer {
  switch (phase) {
    case 'propose':
      return readProposal(text)
    case 'critique':
      return readCritiques(text, rules)
    case 'defend':
      return readDefense(text, rules)
    case 'vote':
      return readBallot(text, rules)
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export async function askOne(input: AskInput): Promise<void> {
  const { alias, state, round, phase, options, deps, emit, append } = input
  /** `used`: the answer that came and could not be read, whose usage the block records. */
  const absent = async (reason: string, raw = '', used?: ProviderResult): Promise<void> => {
    const said = admitAnswer(raw).text
    const body = blocks.absent(alias, phase, round.number, admitText(reason), said)
    // What the unreadable answer used was spent all the same: its usage heads the clerk's block.
    await append(CLERK_NAME, used ? withUsage(used, body) : body)
    emit({ type: 'participant-absent', round: round.number, phase, participant: alias, reason })
  }
  const persona = deps.persona(alias)
  if (!persona) return absent(`no persona named "${alias}"`)
  // The persona's name is config: through the door, and never the clerk's, whose lines count.
  let author: Name
  try {
    author = admitName(persona.name, `The name of persona "${alias}"`)
  } catch (error) {
    if (error instanceof TextRefusedError) return absent(error.message)
    throw error
  }
  if (author.toLowerCase() === CLERK.toLowerCase())
    return absent(`its persona is named ${CLERK}, the name only the debate's own records carry`)
  emit({ type: 'participant-started', round: round.number, phase, participant: alias })
  const timeoutMs = options.timeoutMs ?? state.settings.roundTimeoutSeconds * 1000
  let chars = 0
  const outcome = await withDeadline(
    (signal) =>
      deps.complete(alias, {
        prompt: debatePrompt({ state, round, phase, persona, context: input.context }),
        ...(persona.system ? { system: persona.system } : {}),
        signal,
        timeoutMs,
        persona: { alias, name: persona.name, role: persona.role, type: 'voting' },
        onText: (delta) => {
          chars += delta.length
          emit({ type: 'participant-text', round: round.number, phase, participant: alias, chars })
        },
        onRetry: () => {
          chars = 0
        },
      }),
    timeoutMs,
    deps,
    options.signal,
  )
  if (outcome.kind === 'cancelled') return
  if (outcome.kind === 'timeout') return absent(`timed out after ${timeoutMs / 1000} s`)
  if (outcome.kind === 'failed') {
    // A budget stop is no absence: the participant is asked again when the debate resumes.
    const stopped = budgetStopBlock(outcome.error)
    if (stopped) {
      await append(author, stopped)
      emit({
        type: 'participant-absent',
        round: round.number,
        phase,
        participant: alias,
        reason: errorText(outcome.error),
      })
      return
    }
    return absent(`no answer: ${errorText(outcome.error)}`)
  }

  const text = outcome.value.text
  const rules = rulesFor(state, round, alias)
  const { answer, notes } = readFor(phase, text, rules)
  if (!answer) return absent(`unreadable answer (${notes.join('; ')})`, text, outcome.value)
  const result = outcome.value
  // Each answer's block begins with what it used, as a turn's does.
  const answered = (body: CommentBody) => append(author, withUsage(result, body))
  switch (answer.kind) {
    case 'proposal': {
      const id = proposalIdFor(state, alias)
      await answered(blocks.proposal(id, alias, answer.text, answer.confidence, notes))
      emit({
        type: 'proposal-submitted',
        participant: alias,
        proposal: id,
        confidence: answer.confidence,
      })
      return
    }
    case 'critiques': {
      const critiques: CritiqueText[] = answer.critiques.map((c, index) => ({
        ...c,
        id: `C${round.number}.${alias}.${index + 1}`,
        round: round.number,
        critic: alias,
      }))
      await answered(blocks.critiques(alias, round.number, critiques, notes))
      emit({
        type: 'critique-submitted',
        participant: alias,
        critiques: critiques.map(({ id, target, severity }) => ({ id, target, severity })),
      })
      return
    }
    case 'defense': {
      const proposal = rules.ownProposal ?? ''
      await answered(
        blocks.defense(
          {
            proposal,
            author: alias,
            addresses: answer.addresses,
            round: round.number,
            response: answer.response,
          },
          answer.modified,
          notes,
        ),
      )
      emit({
        type: 'defense-submitted',
        participant: alias,
        proposal,
        addresses: answer.addresses,
        revised: answer.modified !== null,
      })
      return
    }
    case 'ballot': {
      const weight = state.participants.find((p) => p.alias === alias)?.weight ?? 0
      await answered(
        blocks.ballot(alias, answer.approves, round.number, weight, answer.justification, notes),
      )
      emit({ type: 'ballot-cast', participant: alias, approves: answer.approves, weight })
      return
    }
  }
}
