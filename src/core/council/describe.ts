/**
 * A council as the app shows it, read from its file alone: the settings, every planned call with
 * its answer once there is one, the ranking, the synthesis, and tokens and cost per stage.
 */
import { currentPhase } from '../discussion/describe.js'
import { headerValue } from '../format/headers.js'
import type { ParsedDiscussion } from '../format/model.js'
import { councilTitle, readCouncilSettings } from './council-file.js'
import type { CouncilFileSettings } from './council-file.js'
import { plannedCalls } from './plan.js'
import type { CallStage } from './plan.js'
import { readRecordedCalls } from './record.js'
import { RANKING_LABEL } from './run-council.js'
import { councilUsage, stageOf } from './usage.js'
import type { StageUsage } from './usage.js'

export interface CouncilCallView {
  label: string
  /** `Skeptic`, `D-Arbiter`. */
  role: string
  round: number | null
  stage: CallStage
  /** `round 2`, `ranking`, `synthesis`: where its tokens are counted. */
  usageStage: string
  answered: boolean
  author: string | null
  answer: string | null
  provider: string | null
  inputTokens: number
  outputTokens: number
  estimated: boolean
  costUsd: number | null
  durationMs: number
  line: number | null
}

export interface CouncilView extends CouncilFileSettings {
  title: string
  phase: string | null
  status: string | null
  calls: CouncilCallView[]
  ranking: string | null
  synthesis: { author: string; text: string; provider: string | null; line: number } | null
  stages: StageUsage[]
  total: StageUsage
  complete: boolean
}

export function describeCouncil(parsed: ParsedDiscussion, file: string): CouncilView {
  const settings = readCouncilSettings(parsed, file)
  const recorded = readRecordedCalls(parsed)
  const planned = plannedCalls(settings.options)
  const calls = planned.map((call): CouncilCallView => {
    const record = recorded.get(call.label)
    return {
      label: call.label,
      role: call.role.title,
      round: call.round,
      stage: call.stage,
      usageStage: stageOf(call),
      answered: record !== undefined,
      author: record?.author ?? null,
      answer: record?.answer ?? null,
      provider: record?.provider ?? null,
      inputTokens: record?.inputTokens ?? 0,
      outputTokens: record?.outputTokens ?? 0,
      estimated: record?.estimated ?? false,
      costUsd: record?.costUsd ?? null,
      durationMs: record?.durationMs ?? 0,
      line: record?.line ?? null,
    }
  })
  const last = calls[calls.length - 1]
  const usage = councilUsage(settings.options, recorded)
  return {
    ...settings,
    title: headerValue(parsed, 'Title') ?? councilTitle(settings.question),
    phase: currentPhase(parsed),
    status: headerValue(parsed, 'Status'),
    calls,
    ranking: recorded.get(RANKING_LABEL)?.answer ?? null,
    synthesis:
      last?.answered && last.author !== null && last.answer !== null && last.line !== null
        ? { author: last.author, text: last.answer, provider: last.provider, line: last.line }
        : null,
    stages: usage.stages,
    total: usage.total,
    complete: calls.every((call) => call.answered),
  }
}
