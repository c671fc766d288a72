/**
 * The lines after a turn: the seed's summary ("Discussion updated with 3 new comments. Votes:
 * READY: 1, CHANGES: 2, REJECT: 0"), tokens and cost, the consensus now, and any phase change.
 */
import type { TurnResult } from '../core/orchestration/run-turn.js'
import { DEMO_PROVIDER } from '../core/providers/resolve-chain.js'
import { formatCost } from '../core/providers/usage.js'
import { formatTokens } from './turn-progress.js'

export function formatTurnSummary(result: TurnResult, consensus: string): string[] {
  const done = result.answers.filter((answer) => answer.outcome === 'done').length
  const failed = result.answers.filter((answer) => answer.outcome === 'failed').length
  const plural = done === 1 ? 'comment' : 'comments'
  const { READY: ready, CHANGES: changes, REJECT: reject } = result.votes
  const lines = [
    `Discussion updated with ${done} new ${plural}. Votes: READY: ${ready}, CHANGES: ${changes}, REJECT: ${reject}`,
  ]
  if (done > 0) {
    const estimated = result.usage.estimated ? ' (estimated)' : ''
    const cost = result.costUsd === null ? 'cost unknown' : `cost ${formatCost(result.costUsd)}`
    lines.push(
      `Tokens: ${formatTokens(result.usage.inputTokens)} in / ${formatTokens(result.usage.outputTokens)} out${estimated}, ${cost}`,
    )
  }
  lines.push(consensus)
  if (result.phase) {
    const { from, advanceTo, status, reason } = result.phase
    if (advanceTo)
      lines.push(`Phase: ${from ?? '-'} -> ${advanceTo}${reason ? ` (${reason})` : ''}`)
    if (status) lines.push(`Status: ${status}`)
  }
  if (failed > 0)
    lines.push(
      `${failed} participant${failed === 1 ? '' : 's'} failed; the answers that arrived are saved.`,
    )
  if (result.cancelled) lines.push('Cancelled; the answers that arrived are saved.')
  const usedDemo = result.answers.some(
    (answer) => answer.event.type === 'done' && answer.event.provider === DEMO_PROVIDER,
  )
  if (usedDemo)
    lines.push(
      'These answers came from the built-in demo provider (offline, canned). Set up a real one: `discussions providers list`.',
    )
  return lines
}
