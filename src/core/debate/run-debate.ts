/**
 * The debate as a state machine: read the file, work out the next step (`next-step.ts`), do it,
 * append what it produced, repeat. Each participant's answer is appended the moment it is read,
 * so a crash loses at most the calls in flight, and running again resumes where it stopped.
 * Everything goes through ports: the store, the personas, the provider call and a sleep.
 */
import type { CommentBody } from '../format/comment-body.js'
import type { ParsedDiscussion } from '../format/model.js'
import { admitName, admitText } from '../text/text.js'
import type { Name } from '../text/text.js'
import { mapWithConcurrency } from '../concurrency.js'
import { askOne } from './ask-one.js'
import { blocks } from './blocks.js'
import type { DebateEvent } from './events.js'
import type { DebateState } from './model.js'
import { nextStep } from './next-step.js'
import { CLERK } from './ports.js'
import type { DebateDeps, DebateRunOptions } from './ports.js'
import { readDebate } from './read-state.js'
import { tallyRound } from './tally.js'

export { CLERK } from './ports.js'
export type { DebateDeps, DebateRunOptions, DebateStore } from './ports.js'

export interface DebateRunResult {
  state: DebateState
  cancelled: boolean
}

export const STATUS = {
  open: admitName('OPEN'),
  consensus: admitName('CONSENSUS'),
  escalated: admitName('ESCALATED'),
  accepted: admitName('ACCEPTED'),
  rejected: admitName('REJECTED'),
} as const

/** The phases a debate's header names besides its steps. */
export const DECIDED = admitName('decided')
const ESCALATED = admitName('escalated')
const CLERK_NAME = admitName(CLERK)

/** The topic's context: the file's text before the first comment, without the header. */
export function debateContext(parsed: ParsedDiscussion): string {
  const first = parsed.segments.find((segment) => segment.kind === 'content')
  return (first?.raw ?? '').replace(/^<!--.*-->\s*$/gm, '').trim()
}

export async function runDebate(
  options: DebateRunOptions,
  deps: DebateDeps,
): Promise<DebateRunResult> {
  const emit = (event: DebateEvent): void => options.onEvent?.(event)
  const append = (author: Name, body: CommentBody) =>
    deps.store.appendComment(options.file, { author, body, vote: null })
  let started = false
  let previousStep = ''
  for (;;) {
    const snapshot = await deps.store.read(options.file)
    const state = readDebate(snapshot.parsed)
    if (!started) {
      started = true
      emit({
        type: 'debate-started',
        title: state.title,
        participants: state.participants.map((p) => p.alias),
        resumed: state.rounds.length > 0,
      })
    }
    if (options.signal?.aborted || options.stop?.()) {
      emit({ type: 'debate-cancelled' })
      return { state, cancelled: true }
    }
    const step = nextStep(state)
    // Every step appends something that changes the next one; the same step twice is a bug.
    const key = JSON.stringify(step)
    if (key === previousStep) throw new Error(`the debate made no progress at ${key}`)
    previousStep = key

    switch (step.kind) {
      case 'finished':
      case 'awaiting-human':
        emit({ type: 'debate-finished', outcome: state.outcome })
        return { state, cancelled: false }
      case 'start-round':
        await append(CLERK_NAME, blocks.round(step.round, step.runoff ? step.candidates : null))
        emit({
          type: 'round-started',
          round: step.round,
          candidates: step.candidates,
          runoff: step.runoff,
        })
        break
      case 'ask': {
        const round = state.rounds.find((r) => r.number === step.round)
        if (!round) throw new Error(`round ${step.round} is missing`)
        await deps.store.updateHeaders(options.file, {
          Phase: admitText(step.phase),
          Status: STATUS.open,
        })
        emit({
          type: 'phase-started',
          round: step.round,
          phase: step.phase,
          participants: step.participants,
        })
        const context = debateContext(snapshot.parsed)
        await mapWithConcurrency(
          step.participants,
          options.concurrency ?? step.participants.length,
          (alias) =>
            askOne({
              alias,
              state,
              round,
              phase: step.phase,
              context,
              options,
              deps,
              emit,
              append,
            }),
        )
        if (options.signal?.aborted || options.stop?.()) continue // the step did not finish
        emit({ type: 'phase-ended', round: step.round, phase: step.phase })
        break
      }
      case 'decide-round': {
        const round = state.rounds.find((r) => r.number === step.round)
        if (!round) throw new Error(`round ${step.round} is missing`)
        const tally = tallyRound(state, round)
        await append(CLERK_NAME, blocks.roundResult(tally, state.settings.threshold, tally.result))
        emit({ type: 'round-ended', tally })
        if (tally.result.kind === 'consensus') {
          await deps.store.updateHeaders(options.file, {
            Status: STATUS.consensus,
            Phase: DECIDED,
          })
          emit({ type: 'consensus-reached', round: step.round, proposal: tally.result.proposal })
        } else if (tally.result.kind === 'runoff') {
          emit({ type: 'runoff', round: step.round, proposals: tally.result.proposals })
        }
        break
      }
      case 'escalate':
        await append(
          CLERK_NAME,
          blocks.outcome(
            { kind: 'escalated', rounds: step.rounds, reason: step.reason },
            admitText(
              'The human decides: `discussions debate decide FILE --accept P<n>` or `--reject`.',
            ),
          ),
        )
        await deps.store.updateHeaders(options.file, {
          Status: STATUS.escalated,
          Phase: ESCALATED,
        })
        emit({ type: 'escalated', rounds: step.rounds, reason: step.reason })
        break
    }
  }
}
