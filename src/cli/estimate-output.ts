/** How `--estimate` prints: one row per call, then the total and how tokens were counted. */
import { formatTokenCount } from '../core/budget/format-spend.js'
import type { CostRange } from '../core/budget/estimate.js'
import { formatCost } from '../core/providers/usage.js'
import type { RunEstimate } from '../node/engine/index.js'
import type { CliIO } from './io.js'
import { writeJson } from './io.js'
import { formatTable } from './table.js'

function range(cost: CostRange | null): string {
  if (!cost) return 'unknown (no prices)'
  return `${formatCost(cost.low)} / ${formatCost(cost.expected)} / ${formatCost(cost.high)}`
}

export function printEstimate(io: CliIO, estimate: RunEstimate, json: boolean): void {
  if (json) {
    writeJson(io, { type: 'estimate', ...estimate })
    return
  }
  const rows = estimate.calls.map((call) => [
    // A call that may not happen counts in the high end alone.
    call.likely === false ? `${call.participant} (if needed)` : call.participant,
    call.provider,
    formatTokenCount(call.promptTokens),
    formatTokenCount(call.ceilingTokens),
    range(call.costUsd),
  ])
  io.stdout.write(
    formatTable(['CALL', 'PROVIDER', 'PROMPT', 'ANSWER MAX', 'COST LOW / EXPECTED / HIGH'], rows),
  )
  const { total } = estimate
  const unpriced =
    total.unpriced.length > 0
      ? ` (partial: no prices for ${total.unpriced.map((name) => `"${name}"`).join(', ')})`
      : ''
  io.stdout.write(
    `\nTotal: ${total.calls} call${total.calls === 1 ? '' : 's'}, ${formatTokenCount(total.promptTokens)} prompt tokens, up to ${formatTokenCount(total.ceilingTokens)} answer tokens; cost ${range(total.costUsd)}${unpriced}.\n`,
  )
  io.stdout.write(`Tokens counted by ${estimate.counting}. Nothing was sent.\n`)
}
