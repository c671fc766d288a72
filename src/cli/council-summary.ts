/** What the user reads at the end of a council: the synthesis first, then the ranking and the costs. */
import type { CouncilRunResult } from '../core/council/run-council.js'
import type { StageUsage } from '../core/council/usage.js'
import { formatCost } from '../core/providers/usage.js'
import { formatTokens } from './progress/format-tokens.js'

function usageRow(usage: StageUsage): string {
  const tokens = `${formatTokens(usage.inputTokens)} in / ${formatTokens(usage.outputTokens)} out${usage.estimated ? ' (estimated)' : ''}`
  const cost =
    usage.costUsd === null
      ? 'cost unknown'
      : `${formatCost(usage.costUsd)}${usage.unpricedCalls > 0 ? ` + ${usage.unpricedCalls} unpriced` : ''}`
  const calls = `${usage.calls} call${usage.calls === 1 ? '' : 's'}`
  return `  ${usage.stage.padEnd(10)} ${calls.padEnd(9)} ${tokens}, ${cost}`
}

export function formatCouncilSummary(result: CouncilRunResult, file: string): string[] {
  const lines: string[] = []
  if (result.synthesis) {
    lines.push(
      `Synthesis by ${result.synthesis.author} (line ${result.synthesis.line}):`,
      '',
      result.synthesis.text,
      '',
    )
  }
  // The demo answers everyone: nothing to choose between there, so no advice.
  if (result.synthesis?.sharedProvider && result.synthesis.provider !== 'demo')
    lines.push(
      `Note: ${result.synthesis.author} ran on ${result.synthesis.provider ?? 'the provider'} like the members it judged; a judge on another provider is more independent (set council.stronger in discussions.yaml and use --tier medium).`,
      '',
    )
  if (result.ranking) lines.push(result.ranking, '')
  lines.push('Tokens and cost:', ...result.stages.map(usageRow), usageRow(result.total), '')
  if (result.complete) lines.push(`Council complete: ${file}`)
  else if (result.cancelled)
    lines.push(
      `Cancelled; the answers that arrived are saved. \`discussions council resume ${file}\` continues.`,
    )
  else
    lines.push(
      `${result.failed.length} call${result.failed.length === 1 ? '' : 's'} failed; the answers that arrived are saved. \`discussions council resume ${file}\` continues.`,
    )
  return lines
}
