/**
 * A council as the app shows it, read from its file alone: the settings, every planned call with
 * its answer once there is one and the member who signs it, each ranker's ballot with the names
 * revealed, the Borda aggregate with its ties, the synthesis, and tokens, cost and time per stage.
 */
import { currentPhase } from '../discussion/describe.js'
import { headerValue } from '../format/headers.js'
import type { ParsedDiscussion } from '../format/model.js'
import { aggregateBallots, readBallots } from './ballots.js'
import { councilTitle, readCouncilSettings } from './council-file.js'
import type { CouncilFileSettings } from './council-file.js'
import { plannedCalls } from './plan.js'
import type { CallStage } from './plan.js'
import { placeStandings } from './ranking.js'
import { readRecordedCalls } from './record.js'
import type { RecordedCall } from './record.js'
import { rolesOf } from './roles.js'
import type { CouncilRole } from './roles.js'
import { RANKING_LABEL } from './run-council.js'
import { councilUsage, stageOf } from './usage.js'
import type { StageUsage } from './usage.js'

export interface CouncilCallView {
  label: string
  /** `Skeptic`, `D-Arbiter`. */
  role: string
  /** Who answers it, as the comments sign: `AI-Skeptic` (the file's own names). */
  member: string
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
  /** Null until answered, or in a file written before calls were timed. */
  durationMs: number | null
  line: number | null
}

/** One ranker's ballot, best first, each letter it saw beside the member it stood for. */
export interface CouncilBallotView {
  ranker: string
  order: { letter: string; member: string }[]
}

/** The Borda aggregate, best first; members tied share a place. */
export interface CouncilStandingView {
  member: string
  points: number
  firsts: number
  place: number
  tied: boolean
}

export interface CouncilView extends CouncilFileSettings {
  title: string
  phase: string | null
  status: string | null
  calls: CouncilCallView[]
  ranking: string | null
  /** The rankers' ballots, names revealed (empty without a ranking stage or before it). */
  ballots: CouncilBallotView[]
  standings: CouncilStandingView[]
  synthesis: { author: string; text: string; provider: string | null; line: number } | null
  stages: StageUsage[]
  total: StageUsage
  complete: boolean
}

/**
 * The name each role signs with: the author of one of its recorded answers; before any, the
 * file's Participants header (written in role order when the council was created); else the
 * role's title.
 */
function memberNames(
  parsed: ParsedDiscussion,
  roles: readonly CouncilRole[],
  planned: ReadonlyArray<{ label: string; role: CouncilRole }>,
  recorded: ReadonlyMap<string, RecordedCall>,
): (role: CouncilRole) => string {
  const listed = (headerValue(parsed, 'Participants') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const names = new Map<string, string>()
  if (listed.length === roles.length)
    roles.forEach((role, i) => names.set(role.id, listed[i] ?? ''))
  for (const call of planned) {
    const author = recorded.get(call.label)?.author
    if (author) names.set(call.role.id, author)
  }
  return (role) => names.get(role.id) || role.title
}

export function describeCouncil(parsed: ParsedDiscussion, file: string): CouncilView {
  const settings = readCouncilSettings(parsed, file)
  const recorded = readRecordedCalls(parsed)
  const planned = plannedCalls(settings.options)
  const roles = rolesOf(settings.options.mode)
  const nameOf = memberNames(parsed, roles, planned, recorded)
  const nameOfId = (id: string): string => {
    const role = roles.find((one) => one.id === id)
    return role ? nameOf(role) : id
  }
  const ballots = readBallots(recorded)
  const calls = planned.map((call): CouncilCallView => {
    const record = recorded.get(call.label)
    return {
      label: call.label,
      role: call.role.title,
      member: nameOf(call.role),
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
      durationMs: record?.durationMs ?? null,
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
    ballots: ballots.map((ballot) => ({
      ranker: nameOfId(ballot.ranker),
      order: ballot.order.map((entry) => ({
        letter: entry.letter,
        member: nameOfId(entry.member),
      })),
    })),
    standings:
      ballots.length === 0
        ? []
        : placeStandings(aggregateBallots(ballots)).map((standing) => ({
            ...standing,
            member: nameOfId(standing.member),
          })),
    synthesis:
      last?.answered && last.author !== null && last.answer !== null && last.line !== null
        ? { author: last.author, text: last.answer, provider: last.provider, line: last.line }
        : null,
    stages: usage.stages,
    total: usage.total,
    complete: calls.every((call) => call.answered),
  }
}
