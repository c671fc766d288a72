/** A loaded discussion as the UI shows it: participants with votes, phases, comments, summary. */
import { recordedUsage, sumUsage } from '../core/budget/totals.js'
import { discussionBody } from '../core/discussion/body.js'
import { headerValue } from '../core/format/headers.js'
import type { DiscussionStatus } from '../core/discussion/status.js'
import { aliasOfAuthor } from '../core/routing/route.js'
import { isHumanName } from '../core/voting/consensus.js'
import { lastModified } from '../node/engine/index.js'
import type { Engine, LoadedDiscussion } from '../node/engine/index.js'
import type {
  DiscussionDetail,
  DiscussionStatusInfo,
  ParticipantInfo,
  PhaseInfo,
} from '../shared/contract/index.js'
import { errorMessage } from './infra/router.js'

async function templatePhases(
  engine: Engine,
  name: string | null,
): Promise<{ phases: PhaseInfo[]; problem: string | null }> {
  if (!name) return { phases: [], problem: null }
  try {
    const { template } = await engine.requireTemplate(name)
    const phases = template.phases.map(({ id, title, goal, voting }) => ({
      id,
      title,
      goal,
      voting,
    }))
    return { phases, problem: null }
  } catch (error) {
    return { phases: [], problem: errorMessage(error) }
  }
}

async function participantsOf(
  engine: Engine,
  loaded: LoadedDiscussion,
): Promise<ParticipantInfo[]> {
  const { view } = loaded
  const personas = await engine.personas()
  const voteOf = (name: string, alias: string): ParticipantInfo['vote'] =>
    view.votes[name] ??
    Object.entries(view.votes).find(([author]) => aliasOfAuthor(author) === alias)?.[1] ??
    null
  // The names as the header writes them (`AI-Visionary`), before they were lower-cased.
  const written = (headerValue(loaded.parsed, 'Participants') ?? '')
    .split(/[,\s]+/)
    .map((item) => item.trim().replace(/^@/, ''))
  const asWritten = (alias: string): string | undefined =>
    written.find((item) => item.toLowerCase() === alias)
  const listed: ParticipantInfo[] = view.participants.map((alias) => {
    const persona = personas.get(alias)?.persona
    const key = aliasOfAuthor(persona?.alias ?? alias)
    // A participant no persona describes (a council role, say) is shown as its comments sign
    // it, or before it has written, as the file's header names it.
    const name =
      persona?.name ??
      view.comments.find((comment) => aliasOfAuthor(comment.author) === key)?.author ??
      asWritten(alias) ??
      alias
    return {
      name,
      alias: key,
      role: persona?.role ?? null,
      human: persona ? false : isHumanName(name),
      vote: voteOf(name, key),
    }
  })
  const known = new Set(listed.map((participant) => participant.alias))
  // Everyone else who wrote: the human facilitator, a persona called in by @mention.
  for (const { author } of view.comments) {
    const alias = aliasOfAuthor(author)
    if (known.has(alias)) continue
    known.add(alias)
    const persona = personas.get(alias)?.persona
    listed.push({
      name: author,
      alias,
      role: persona?.role ?? null,
      human: isHumanName(author),
      vote: voteOf(author, alias),
    })
  }
  return listed
}

/** The status as the wire names it: camelCase, as every other field of the contract. */
function statusInfo({ consensus, ...status }: DiscussionStatus): DiscussionStatusInfo {
  return {
    ...status,
    consensus: {
      reached: consensus.reached,
      outcome: consensus.outcome,
      counts: consensus.counts,
      total: consensus.total,
      readyFraction: consensus.ready_fraction,
      rejectFraction: consensus.reject_fraction,
      blockedBy: consensus.blocked_by,
      humanApproved: consensus.human_approved,
      reason: consensus.reason,
      summary: consensus.summary,
    },
  }
}

export async function discussionDetail(
  engine: Engine,
  loaded: LoadedDiscussion,
): Promise<DiscussionDetail> {
  const { view } = loaded
  const [{ phases, problem }, participants, lastActivity, summary] = await Promise.all([
    templatePhases(engine, view.template),
    participantsOf(engine, loaded),
    lastModified(loaded.path),
    engine.status(loaded),
  ])
  return {
    path: loaded.path,
    title: view.title ?? loaded.path,
    template: view.template,
    phase: view.phase,
    status: view.status,
    created: view.created,
    lastActivity,
    body: discussionBody(loaded.parsed, view.title),
    participants,
    phases,
    comments: view.comments.map((comment, index) => ({
      index,
      author: comment.author,
      body: comment.body,
      vote: comment.vote,
      human: isHumanName(comment.author),
      line: comment.line,
      current: comment.current,
      closed: comment.closed,
    })),
    summary: statusInfo(summary),
    problems: [...(loaded.readOnly ? [loaded.readOnly] : []), ...(problem ? [problem] : [])],
    spend: {
      ...sumUsage(recordedUsage(loaded.parsed).map((item) => item.usage)),
      capUsd: engine.config.budget.max_cost_per_discussion,
      warnAt: engine.config.budget.warn_at,
    },
  }
}
