/** `debate status` and `debate stats` as text a person reads in a terminal. */
import type { DebateStats } from '../core/debate/stats.js'
import type { DebateSummary } from '../core/debate/summary.js'
import { formatThreshold } from '../core/debate/threshold.js'
import { formatWeight } from '../core/debate/weights.js'
import { countOf } from './plural.js'

function firstLine(text: string, width = 90): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? ''
  return line.length > width ? `${line.slice(0, width - 1)}…` : line
}

export function formatSummary(summary: DebateSummary): string[] {
  const { settings } = summary
  const lines = [
    `Debate: ${summary.title}`,
    `Participants: ${summary.participants.map((p) => `@${p.alias} (${formatWeight(p.weight)})`).join(', ')}`,
    `Rules: ${formatThreshold(settings.threshold)} of the voting weight, at most ${countOf(settings.maxRounds, 'round')}, ${settings.roundTimeoutSeconds} s per step`,
    `Standing: ${summary.standing}`,
    '',
  ]
  if (summary.proposals.length === 0) lines.push('No proposals yet.')
  for (const p of summary.proposals) {
    const confidence = p.confidence === null ? '' : `, confidence ${p.confidence}`
    const revised =
      p.revisions.length > 0
        ? `, revised in round ${p.revisions.map((r) => r.round).join(', ')}`
        : ''
    lines.push(`${p.id} by @${p.author}${confidence}${revised}`, `  ${firstLine(p.current)}`)
    for (const severity of ['blocking', 'major', 'minor'] as const)
      for (const c of p.critiques[severity]) {
        const answered = p.defenses.some((d) => d.round === c.round && d.addresses.includes(c.id))
        lines.push(
          `  ${severity.padEnd(8)} ${c.id} by @${c.critic}${answered ? ' (addressed)' : ''}: ${firstLine(c.text, 70)}`,
        )
      }
  }
  for (const tally of summary.tallies) {
    lines.push('', `Round ${tally.round} tally (total weight ${formatWeight(tally.total)}):`)
    for (const p of tally.proposals) {
      const standing =
        p.blockedBy.length > 0
          ? `blocked by ${p.blockedBy.join(', ')}`
          : p.passes
            ? 'passes'
            : 'below the threshold'
      lines.push(
        `  ${p.proposal}: ${formatWeight(p.approving)} of ${formatWeight(tally.total)} from ${p.approvers.map((a) => `@${a}`).join(', ') || 'nobody'}, ${standing}`,
      )
    }
  }
  if (summary.absences.length > 0) {
    lines.push('', 'Absent:')
    for (const a of summary.absences)
      lines.push(`  @${a.participant} from ${a.phase} in round ${a.round}: ${a.reason}`)
  }
  if (summary.problems.length > 0) {
    lines.push('', 'Unreadable records (kept in the file):')
    for (const problem of summary.problems) lines.push(`  ${problem}`)
  }
  return lines
}

const percent = (value: number | null): string =>
  value === null ? '—' : `${Math.round(value * 100)}%`

export function formatStats(stats: DebateStats): string[] {
  return [
    `Debates: ${stats.debates} (${stats.finished} finished, ${stats.running} running)`,
    `Consensus rate: ${percent(stats.consensusRate)} (${stats.consensus} of ${stats.finished})`,
    `Escalation rate: ${percent(stats.escalationRate)} (${stats.escalated} of ${stats.finished}; ${stats.decided} decided by the human)`,
    `Average rounds to consensus: ${stats.averageRoundsToConsensus === null ? '—' : stats.averageRoundsToConsensus.toFixed(1)}`,
    `Blocking critiques resolved: ${percent(stats.blockingResolutionRate)} (${stats.blockingAddressed} of ${stats.blockingCritiques} addressed)`,
  ]
}
