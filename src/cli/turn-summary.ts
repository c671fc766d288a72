/**
 * The lines after a turn, in the order things happened: what was added, how this turn voted and
 * what that did (consensus, a phase change with its vote reset, a new status), then the verdict
 * now, tokens and cost, failures and the demo notice.
 */
import type { TurnResult } from '../core/turns/run-turn.js'
import { DEMO_PROVIDER } from '../core/providers/resolve-chain.js'
import { formatCost } from '../core/providers/usage.js'
import { countOf } from './plural.js'
import { formatTokens } from './progress/format-tokens.js'
import { CANCELLED } from './progress/turn-layout.js'

/** "Consensus reached: 3 of 3 READY." -> "consensus reached: 3 of 3 READY" */
const asClause = (sentence: string): string =>
  sentence.charAt(0).toLowerCase() + sentence.slice(1).replace(/\.$/, '')

/**
 * `verdict`: the consensus now, in `describeConsensus`'s words; `phaseTitle` names a phase id as
 * its template does ("detailed_review" -> "Detailed Review").
 */
export function formatTurnSummary(
  result: TurnResult,
  verdict: string,
  phaseTitle: (id: string) => string = (id) => id,
): string[] {
  const done = result.answers.filter((answer) => answer.outcome === 'done').length
  // A call the person cancelled is said once, by the cancel line, not as a failure too.
  const cancelledCall = (answer: TurnResult['answers'][number]): boolean =>
    result.cancelled && answer.event.type === 'failed' && answer.event.reason === CANCELLED
  const failed = result.answers.filter(
    (answer) => answer.outcome === 'failed' && !cancelledCall(answer),
  ).length
  const { READY: ready, CHANGES: changes, REJECT: reject } = result.votes
  const lines = [`Discussion updated with ${countOf(done, 'new comment')}.`]
  const happened = [`this turn: READY ${ready}, CHANGES ${changes}, REJECT ${reject}`]
  const phase = result.phase
  if (phase?.reason) happened.push(asClause(phase.reason))
  if (phase?.advanceTo)
    happened.push(
      `phase moved from ${phaseTitle(phase.from ?? '-')} to ${phaseTitle(phase.advanceTo)}, votes reset`,
    )
  if (phase?.status) happened.push(`status is now ${phase.status}`)
  lines.push(`T${happened.join('; ').slice(1)}.`)
  // After a phase change the new phase has no votes yet; saying so again adds nothing.
  if (!phase?.advanceTo) lines.push(verdict)
  if (done > 0) {
    const estimated = result.usage.estimated ? ' (estimated)' : ''
    const cost = result.costUsd === null ? 'cost unknown' : `cost ${formatCost(result.costUsd)}`
    lines.push(
      `Tokens: ${formatTokens(result.usage.inputTokens)} in / ${formatTokens(result.usage.outputTokens)} out${estimated}, ${cost}`,
    )
  }
  if (failed > 0)
    lines.push(`${countOf(failed, 'participant')} failed; the answers that arrived are saved.`)
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
