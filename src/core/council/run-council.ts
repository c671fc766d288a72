/**
 * The council's state machine. The plan (plan.ts) fixes the calls and their order; the file holds
 * what is done. Each step reads the file, asks the calls not yet answered (a step's calls at once),
 * appends each answer as soon as it arrives and moves the phase when a stage begins. A run that
 * was killed therefore resumes by running again: finished calls are in the file and are skipped.
 */
import { BudgetCutError } from '../budget/budget-errors.js'
import { currentPhase } from '../discussion/describe.js'
import type { HeaderChanges } from '../format/header-edit.js'
import { admitName, admitText } from '../text/text.js'
import type { Persona } from '../personas/schema.js'
import type { ProviderRequest, ProviderResult } from '../providers/port.js'
import { parseAnswer } from '../turns/answer.js'
import { readCouncilSettings } from './council-file.js'
import type { CouncilFileSettings } from './council-file.js'
import type { CouncilEvent } from './events.js'
import { materialFor } from './material.js'
import type { CouncilState } from './material.js'
import { COUNCIL_PHASES, planCouncil } from './plan.js'
import type { CouncilCall, CouncilPhase } from './plan.js'
import { promptNameFor, renderPrompt } from './prompts.js'
import type { PromptName } from './prompts.js'
import { aggregateBallots, readBallots } from './ballots.js'
import { renderRanking } from './ranking.js'
import { readRecordedCalls, renderCallComment, renderNoteComment } from './record.js'
import type { RecordedCall } from './record.js'
import { PERSONALITY_ADVISORS } from './roles.js'
import type { TurnStore } from '../turns/run-turn.js'
import type { CouncilRole } from './roles.js'
import { councilUsage } from './usage.js'
import type { StageUsage } from './usage.js'

/** The store as a council sees it: the same as a turn's (the file store implements it). */
export type CouncilStore = TurnStore

export interface CouncilDeps {
  store: CouncilStore
  /** The persona answering a role (`council-skeptic`); its personality goes into the prompt. */
  persona: (role: CouncilRole) => Persona
  /** The text of a prompt template (the project's, the user's or the bundled one). */
  template: (name: PromptName) => string
  /** Calls the provider chain the role's tier chooses; throws when every provider failed. */
  complete: (call: CouncilCall, request: ProviderRequest) => Promise<ProviderResult>
  /** The provider a call will start with, for progress lines; absent: not shown. */
  providerFor?: (call: CouncilCall) => string | null
}

export interface CouncilRunOptions {
  file: string
  signal?: AbortSignal
  timeoutMs?: number
  onEvent?: (event: CouncilEvent) => void
}

export interface CouncilRunResult {
  file: string
  settings: CouncilFileSettings
  /** Every planned call is answered and the synthesis is written. */
  complete: boolean
  cancelled: boolean
  failed: { label: string; reason: string }[]
  /** Calls made by this run (a resumed run makes only the missing ones). */
  callsMade: number
  callsPlanned: number
  /**
   * The synthesis and the provider that wrote it; `sharedProvider` is true when that provider also
   * answered for the members, so the judge was not independent of what it judged.
   */
  synthesis: {
    author: string
    text: string
    line: number
    provider: string | null
    sharedProvider: boolean
  } | null
  ranking: string | null
  stages: StageUsage[]
  total: StageUsage
}

export const RANKING_LABEL = 'council-ranking'
/** The author of what the council writes itself (the aggregate ranking): an AI name, never human. */
export const COUNCIL_AUTHOR = 'AI-Council'
const COUNCIL_NAME = admitName(COUNCIL_AUTHOR)

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function answersOf(recorded: ReadonlyMap<string, RecordedCall>): Map<string, string> {
  return new Map([...recorded].map(([label, call]) => [label, call.answer]))
}

export async function runCouncil(
  options: CouncilRunOptions,
  deps: CouncilDeps,
): Promise<CouncilRunResult> {
  const emit = (event: CouncilEvent): void => options.onEvent?.(event)
  const read = async () => {
    const snapshot = await deps.store.read(options.file)
    return { parsed: snapshot.parsed, recorded: readRecordedCalls(snapshot.parsed) }
  }
  const first = await read()
  const settings = readCouncilSettings(first.parsed, options.file)
  const steps = planCouncil(settings.options)
  const titleOf = (id: string): string =>
    PERSONALITY_ADVISORS.find((role) => role.id === id)?.title ?? id
  emit({
    type: 'plan',
    calls: steps.flat().map((call) => ({
      label: call.label,
      role: call.role.title,
      round: call.round,
      stage: call.stage,
      done: first.recorded.has(call.label),
    })),
  })

  let phase = currentPhase(first.parsed) ?? COUNCIL_PHASES[0]
  /**
   * Records the move to phase `to`. Told as it begins, so what is shown keeps the file's order
   * (the phase change, then its calls); a write that fails rejects, and the run stops with it.
   */
  const enterPhase = async (to: CouncilPhase, headers: HeaderChanges = {}): Promise<void> => {
    // Only forward: a resumed run never walks a finished council back.
    if (COUNCIL_PHASES.indexOf(to) <= COUNCIL_PHASES.indexOf(phase as CouncilPhase)) return
    const from = phase
    phase = to
    emit({ type: 'phase', from, to })
    // `from` is the file's own header: outside text like any other.
    await deps.store.recordPhaseTransition(options.file, admitText(from), admitText(to), headers)
  }

  const failed: { label: string; reason: string }[] = []
  let callsMade = 0

  /**
   * One call of a step. `inPhase` settles once the step's phase change is on disk: the call starts
   * without waiting for it, and its answer is appended only after it, so the file keeps the order.
   */
  const ask = async (
    call: CouncilCall,
    state: CouncilState,
    inPhase: Promise<void>,
  ): Promise<void> => {
    const persona = deps.persona(call.role)
    const material = materialFor(call, state, persona.personality)
    const prompt = renderPrompt(deps.template(promptNameFor(call)), material.values)
    emit({ type: 'started', label: call.label, provider: deps.providerFor?.(call) ?? null })
    let streamed = ''
    let result: ProviderResult
    try {
      callsMade++
      result = await deps.complete(call, {
        prompt,
        // A ranker is not told who it is: nothing in its request may point at its own answer.
        persona:
          call.stage === 'ranking'
            ? { alias: 'council-ranker', name: 'AI-Ranker', role: 'Ranker', type: 'background' }
            : { alias: persona.alias, name: persona.name, role: persona.role, type: 'background' },
        callout: call.stage === 'ranking' ? 'council-rank' : call.label,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        onRetry: (attempt, next) => {
          streamed = ''
          emit({
            type: 'retrying',
            label: call.label,
            failed: attempt.provider,
            reason: attempt.error ?? 'failed',
            next,
          })
        },
        onText: (delta) => {
          streamed += delta
          emit({ type: 'text', label: call.label, delta, text: streamed })
        },
      })
    } catch (error) {
      // An answer the budget cut short is kept, marked; the call is still not done.
      if (error instanceof BudgetCutError) await keep(call, material, error.partial, inPhase, true)
      failed.push({ label: call.label, reason: errorMessage(error) })
      emit({ type: 'failed', label: call.label, reason: errorMessage(error) })
      return
    }
    await keep(call, material, result, inPhase, false)
  }

  /** Appends a call's answer with its record; `cut`: what arrived of one the budget stopped. */
  const keep = async (
    call: CouncilCall,
    material: ReturnType<typeof materialFor>,
    result: ProviderResult,
    inPhase: Promise<void>,
    cut: boolean,
  ): Promise<void> => {
    const persona = deps.persona(call.role)
    // Models used to the turn contract may wrap their answer in it; take the text out.
    const parsed = parseAnswer(result.text, { votes: false })
    const answer = parsed.kind === 'comment' ? parsed.comment : admitText('')
    if (cut && answer.trim() === '') return
    if (answer.trim() === '') {
      const reason = `${result.provider} gave no answer`
      failed.push({ label: call.label, reason })
      emit({ type: 'failed', label: call.label, reason })
      return
    }
    const text = renderCallComment(
      call,
      settings.options.rounds,
      {
        label: call.label,
        provider: result.provider,
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        estimated: result.usage.estimated,
        costUsd: result.costUsd,
        durationMs: Math.round(result.durationMs),
        ...(material.mapping ? { mapping: material.mapping } : {}),
        ...(cut ? { cut: 'budget' as const } : {}),
      },
      answer,
    )
    try {
      await inPhase
      const { line } = await deps.store.appendComment(options.file, {
        author: admitName(persona.name),
        body: text,
        vote: null,
      })
      if (cut) return
      emit({
        type: 'done',
        label: call.label,
        author: persona.name,
        provider: result.provider,
        durationMs: result.durationMs,
        usage: result.usage,
        costUsd: result.costUsd,
        line,
      })
    } catch (error) {
      const reason = `the answer could not be saved: ${errorMessage(error)}`
      failed.push({ label: call.label, reason })
      emit({ type: 'failed', label: call.label, reason })
    }
  }

  const writeRanking = async (recorded: ReadonlyMap<string, RecordedCall>): Promise<void> => {
    if (recorded.has(RANKING_LABEL)) return
    const ballots = readBallots(recorded)
    const ranking = aggregateBallots(ballots)
    const text = renderRanking(ranking, titleOf, ballots.length)
    await deps.store.appendComment(options.file, {
      author: COUNCIL_NAME,
      // The ranking quotes the ballots the rankers wrote: outside text, through the door.
      body: renderNoteComment(RANKING_LABEL, 'Peer ranking', admitText(text)),
      vote: null,
    })
    emit({ type: 'ranking', text })
  }

  let cancelled = false
  for (const step of steps) {
    if (options.signal?.aborted) {
      cancelled = true
      break
    }
    const { recorded } = await read()
    const pending = step.filter((call) => !recorded.has(call.label))
    const stepPhase = step[0]?.phase
    if (pending.length > 0 && stepPhase) {
      const state: CouncilState = {
        options: settings.options,
        question: settings.question,
        answers: answersOf(recorded),
        ranking: recorded.get(RANKING_LABEL)?.answer ?? null,
      }
      // The step's calls start while its phase change is written (a durable rewrite of the
      // header, which a call need not wait for; its answer does). If that write fails, each
      // answer fails as unsaved, as one whose own append fails does, and the run stops with it.
      const inPhase = enterPhase(stepPhase)
      const asked = Promise.all(pending.map((call) => ask(call, state, inPhase)))
      try {
        await inPhase
      } finally {
        await asked
      }
    }
    if (failed.length > 0 || options.signal?.aborted) {
      cancelled = options.signal?.aborted ?? false
      break
    }
    if (step[0]?.stage === 'ranking') await writeRanking((await read()).recorded)
  }

  const last = await read()
  const planned = steps.flat()
  const complete = planned.every((call) => last.recorded.has(call.label))
  // The last phase change and the COMPLETE status are one write.
  if (complete && phase !== 'complete')
    await enterPhase('complete', { Status: admitText('COMPLETE') })
  const synthesisCall = planned[planned.length - 1]
  const synthesis = synthesisCall ? last.recorded.get(synthesisCall.label) : undefined
  const usage = councilUsage(settings.options, last.recorded)
  return {
    file: options.file,
    settings,
    complete,
    cancelled,
    failed,
    callsMade,
    callsPlanned: planned.length,
    synthesis: synthesis
      ? {
          author: synthesis.author,
          text: synthesis.answer,
          line: synthesis.line,
          provider: synthesis.provider,
          sharedProvider: planned.some(
            (call) =>
              call !== synthesisCall &&
              call.stage !== 'ranking' &&
              last.recorded.get(call.label)?.provider === synthesis.provider,
          ),
        }
      : null,
    ranking: last.recorded.get(RANKING_LABEL)?.answer ?? null,
    stages: usage.stages,
    total: usage.total,
  }
}
