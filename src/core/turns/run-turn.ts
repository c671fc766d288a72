/**
 * One turn: ask the right personas, in parallel (or one after another), append each answer as
 * soon as it is complete, then apply the template's phase and status rules. Drives everything
 * through ports, so the CLI, the app and the tests run the same code with different adapters.
 */
import { answerUsage } from '../budget/answer-usage.js'
import { CUT_NOTE, cutShortResult, usedBy } from '../budget/cut-short.js'
import { recordSkips } from '../budget/record-skips.js'
import type { BudgetSkip } from '../budget/record-skips.js'
import { requirePrices, reserveCall } from '../budget/turn-budget.js'
import type { TurnBudget } from '../budget/turn-budget.js'
import type { CutReason } from '../budget/usage-line.js'
import { usageLine } from '../budget/usage-line.js'
import { attachDiagram } from '../diagrams/attach.js'
import type { SaveDiagram } from '../diagrams/attach.js'
import { composeBody } from '../format/comment-body.js'
import type { CommentBody } from '../format/comment-body.js'
import type { HeaderChanges } from '../format/header-edit.js'
import type { ParsedDiscussion, Vote } from '../format/model.js'
import { admitName, admitText } from '../text/text.js'
import type { Name, Text } from '../text/text.js'
import type { Persona } from '../personas/schema.js'
import type { ProviderRequest, ProviderResult, ProviderUsage } from '../providers/port.js'
import type { Template } from '../templates/schema.js'
import { parseAnswer } from './answer.js'
import { partialComment } from './partial-comment.js'
import { canVote } from './prompt.js'
import type { Selection } from './select.js'
import { countVotes } from '../voting/consensus.js'
import type { ConsensusConfig, VoteCounts } from '../voting/consensus.js'
import { mapWithConcurrency } from '../concurrency.js'
import { phaseOutcome } from './phase-rules.js'
import type { PhaseOutcome } from './phase-rules.js'
import { planTurn, promptFor, readSnapshot, templateOf } from './turn-plan.js'
import type { ParticipantEvent, TurnEvent } from './turn-events.js'

/**
 * The store as a turn sees it (the file store implements it). What it writes is typed: a name and
 * a body composed from the door's `Text` (`comment-body.ts`), header values that are `Text`.
 */
export interface TurnStore {
  read(path: string): Promise<{ text: string; parsed: ParsedDiscussion }>
  appendComment(
    path: string,
    comment: { author: Name; body: CommentBody; vote: Vote | null },
  ): Promise<{ line: number }>
  recordPhaseTransition(
    path: string,
    from: Text,
    to: Text,
    headers?: HeaderChanges,
  ): Promise<unknown>
  updateHeaders(path: string, changes: HeaderChanges): Promise<void>
}

export interface TurnDeps {
  store: TurnStore
  persona: (alias: string) => Persona | undefined
  /** The template a discussion names: looked up by name, so only that one need be read. */
  template: (name: string) => Promise<Template | undefined>
  /** Calls the persona's provider chain (with fallback); throws when every provider failed. */
  complete: (persona: Persona, request: ProviderRequest) => Promise<ProviderResult>
  /** Random hex for the prompt boundary. */
  random: () => string
  consensus: Partial<ConsensusConfig>
  /** Saves a PlantUML block of an answer as a diagram file (the visualizer's); absent: kept inline. */
  saveDiagram?: SaveDiagram
}

export interface TurnOptions {
  file: string
  /** `@alias` / `@all` named for this turn; empty: routing decides. */
  participants?: readonly string[]
  callout?: string
  sequential?: boolean
  concurrency?: number
  timeoutMs?: number
  signal?: AbortSignal
  onEvent?: (event: TurnEvent) => void
  budgetChars?: number
  /** Caps on what the turn may spend; absent: none. */
  budget?: TurnBudget
}

export interface TurnAnswer {
  participant: string
  outcome: 'done' | 'no-response' | 'failed' | 'skipped'
  event: ParticipantEvent
}

export interface TurnResult {
  selection: Selection
  answers: TurnAnswer[]
  votes: VoteCounts
  usage: ProviderUsage
  costUsd: number | null
  phase: (PhaseOutcome & { from: string | null }) | null
  cancelled: boolean
  /** True when a call was skipped or cut short for the budget. */
  budgetStopped: boolean
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export async function runTurn(options: TurnOptions, deps: TurnDeps): Promise<TurnResult> {
  const emit = (event: TurnEvent): void => options.onEvent?.(event)
  const first = await readSnapshot(deps.store, options.file)
  const { template, phase, selection } = planTurn(
    first,
    await templateOf(first, deps),
    deps,
    options,
  )
  if (options.budget) {
    const personas = selection.aliases.flatMap((alias) => deps.persona(alias) ?? [])
    requirePrices(options.budget, personas)
    const budget = options.budget
    budget.costReportersWaiting = personas.filter(
      (persona) => budget.pricing(persona).reportsCost,
    ).length
  }
  for (const participant of selection.aliases) emit({ type: 'queued', participant })
  const budgetSkips: BudgetSkip[] = []

  const answerOne = async (alias: string): Promise<TurnAnswer> => {
    const finish = (event: ParticipantEvent, outcome: TurnAnswer['outcome']): TurnAnswer => {
      emit(event)
      return { participant: alias, outcome, event }
    }
    if (options.signal?.aborted)
      return finish({ type: 'skipped', participant: alias, reason: 'cancelled' }, 'skipped')
    const persona = deps.persona(alias)
    if (!persona) {
      return finish(
        {
          type: 'skipped',
          participant: alias,
          reason: `no persona named "${alias}" (a human, or a typo?)`,
        },
        'skipped',
      )
    }
    // In sequential mode each participant reads the answers given before it in this turn.
    const snapshot = options.sequential ? await readSnapshot(deps.store, options.file) : first
    const prompt = promptFor(persona, snapshot, phase, { ...options, random: deps.random })
    const pricing = options.budget?.pricing(persona)
    const budgeted =
      options.budget && pricing
        ? reserveCall(options.budget, pricing, prompt, options.signal)
        : null
    if (budgeted && 'refused' in budgeted) {
      budgetSkips.push({
        author: persona.name,
        provider: pricing?.provider ?? '',
        reason: budgeted.refused,
      })
      return finish({ type: 'skipped', participant: alias, reason: budgeted.refused }, 'skipped')
    }
    emit({ type: 'started', participant: alias })
    // Under a budget the call has a signal of its own: the budget stops it alone.
    const signal = budgeted ? budgeted.signal : options.signal
    let streamed = ''
    let result: ProviderResult
    try {
      result = await deps.complete(persona, {
        prompt,
        persona: {
          alias: persona.alias,
          name: persona.name,
          role: persona.role,
          type: persona.type,
        },
        callout: options.callout ?? '',
        ...(signal ? { signal } : {}),
        ...(budgeted?.maxBudgetUsd !== undefined ? { maxBudgetUsd: budgeted.maxBudgetUsd } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        onRetry: (failed, next) => {
          streamed = ''
          emit({
            type: 'retrying',
            participant: alias,
            failed: failed.provider,
            reason: failed.error ?? 'failed',
            next,
          })
        },
        onText: (delta) => {
          streamed += delta
          emit({ type: 'text', participant: alias, delta, comment: partialComment(streamed) })
          budgeted?.check(streamed)
        },
      })
    } catch (error) {
      if (budgeted?.cut && !options.signal?.aborted) {
        result = cutShortResult(budgeted, streamed)
        budgeted.settle(usedBy(result))
        return saveAnswer(alias, persona, result, 'budget')
      }
      budgeted?.settle(null)
      return finish({ type: 'failed', participant: alias, reason: errorMessage(error) }, 'failed')
    }
    budgeted?.settle(usedBy(result))
    return saveAnswer(alias, persona, result)
  }

  const saveAnswer = async (
    alias: string,
    persona: Persona,
    result: ProviderResult,
    cutBy?: CutReason,
  ): Promise<TurnAnswer> => {
    const finish = (event: ParticipantEvent, outcome: TurnAnswer['outcome']): TurnAnswer => {
      emit(event)
      return { participant: alias, outcome, event }
    }
    // What arrived before a cut is kept as text: its vote, if any got through, does not count.
    const answer = parseAnswer(result.text, { votes: !cutBy && canVote(persona) })
    if (answer.kind === 'no-response') {
      return finish(
        {
          type: 'no-response',
          participant: alias,
          provider: result.provider,
          durationMs: result.durationMs,
        },
        'no-response',
      )
    }
    try {
      const { line } = await deps.store.appendComment(options.file, {
        author: admitName(persona.name),
        body: composeBody([
          { engine: usageLine(answerUsage(result, cutBy)) },
          ...(cutBy ? [{ engine: CUT_NOTE }] : []),
          await attachDiagram(answer.comment, options.file, deps.saveDiagram),
        ]),
        vote: answer.vote,
      })
      return finish(
        {
          type: 'done',
          participant: alias,
          author: persona.name,
          vote: answer.vote,
          provider: result.provider,
          ...(result.model !== undefined ? { model: result.model } : {}),
          durationMs: result.durationMs,
          usage: result.usage,
          costUsd: result.costUsd,
          line,
          note: [result.note, answer.note].filter((note) => note).join(' ') || null,
        },
        'done',
      )
    } catch (error) {
      return finish(
        {
          type: 'failed',
          participant: alias,
          reason: `the answer could not be saved: ${errorMessage(error)}`,
        },
        'failed',
      )
    }
  }

  const concurrency = options.sequential ? 1 : Math.max(1, options.concurrency ?? 8)
  const answers = await mapWithConcurrency(selection.aliases, concurrency, answerOne)
  await recordSkips(
    deps.store,
    options.file,
    budgetSkips,
    answers.some((answer) => answer.outcome !== 'skipped'),
  )
  const cancelled = options.signal?.aborted ?? false
  const nobodyAsked = selection.aliases.length === 0
  const budgetStopped = options.budget?.ledger.stopped ?? false

  const after = await readSnapshot(deps.store, options.file)
  let phaseResult: TurnResult['phase'] = null
  // A turn that asked nobody says nothing new about consensus, so it never moves the phase.
  // A turn the budget stopped is unfinished, as a cancelled one is: it moves nothing.
  if (!cancelled && !nobodyAsked && !budgetStopped) {
    const answered = answers
      .filter((answer) => answer.outcome === 'done' || answer.outcome === 'no-response')
      .map((answer) => answer.participant)
    const outcome = phaseOutcome(after.view, template, deps.consensus, {
      asked: selection.aliases,
      answered,
    })
    const from = after.view.phase
    // The phases and status are the template's and the file's: config and file text, through the door.
    const status: HeaderChanges =
      outcome.status && outcome.status !== after.view.status
        ? { Status: admitText(outcome.status) }
        : {}
    // A new Status goes in with the phase change (one write), or alone.
    if (outcome.advanceTo && from && outcome.advanceTo !== from)
      await deps.store.recordPhaseTransition(
        options.file,
        admitText(from),
        admitText(outcome.advanceTo),
        status,
      )
    else if (status.Status) await deps.store.updateHeaders(options.file, status)
    if (outcome.status || outcome.advanceTo) {
      phaseResult = { ...outcome, from }
      emit({
        type: 'phase',
        from: from ?? '',
        to: outcome.advanceTo,
        status: outcome.status,
        reason: outcome.reason,
      })
    }
  }

  const done = answers.flatMap((answer) => (answer.event.type === 'done' ? [answer.event] : []))
  const usage = done.reduce<ProviderUsage>(
    (sum, event) => ({
      inputTokens: sum.inputTokens + event.usage.inputTokens,
      outputTokens: sum.outputTokens + event.usage.outputTokens,
      estimated: sum.estimated || event.usage.estimated,
    }),
    { inputTokens: 0, outputTokens: 0, estimated: false },
  )
  const costs = done.map((event) => event.costUsd).filter((cost): cost is number => cost !== null)
  const turnVotes: Record<string, Vote> = {}
  for (const event of done) if (event.vote) turnVotes[event.author] = event.vote
  return {
    selection,
    answers,
    votes: countVotes(turnVotes),
    usage,
    costUsd: costs.length > 0 ? costs.reduce((a, b) => a + b, 0) : null,
    phase: phaseResult,
    cancelled,
    budgetStopped,
  }
}
