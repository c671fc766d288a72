/**
 * A council's progress: on a terminal, one live line per call (its label, as the seed names it:
 * council-r2-skeptic), redrawn as answers stream in; elsewhere one plain line (or JSON object)
 * per event. The summary at the end: the synthesis, the ranking, tokens and cost per stage.
 */
import type { Writable } from 'node:stream'

import { createLogUpdate } from 'log-update'

import type { CouncilEvent } from '../core/council/events.js'
import type { CouncilRunResult } from '../core/council/run-council.js'
import type { StageUsage } from '../core/council/usage.js'
import { formatCost } from '../core/providers/usage.js'
import { formatTokens } from './turn-progress.js'

export interface CouncilProgress {
  onEvent: (event: CouncilEvent) => void
  stop: () => void
}

export function describeCouncilEvent(event: CouncilEvent): string | null {
  switch (event.type) {
    case 'plan': {
      const done = event.calls.filter((call) => call.done).length
      return `${event.calls.length} calls planned${done > 0 ? `, ${done} already answered in the file` : ''}`
    }
    case 'started':
      return `${event.label}: thinking${event.provider ? ` (${event.provider})` : ''}`
    case 'text':
      return null // the answer is in the file; plain output stays one line per step
    case 'retrying':
      return `${event.label}: ${event.failed} failed (${event.reason}); trying ${event.next}`
    case 'done': {
      const tokens = `${formatTokens(event.usage.inputTokens)} in / ${formatTokens(event.usage.outputTokens)} out${event.usage.estimated ? ' (estimated)' : ''}`
      const cost = event.costUsd === null ? '' : `, ${formatCost(event.costUsd)}`
      return `${event.label}: done, ${(event.durationMs / 1000).toFixed(1)}s via ${event.provider}, ${tokens}${cost}, line ${event.line}`
    }
    case 'failed':
      return `${event.label}: failed: ${event.reason}`
    case 'phase':
      return `stage: ${event.from} -> ${event.to}`
    case 'ranking':
      return 'ranking: the aggregate is written (shown at the end)'
  }
}

export function plainCouncilProgress(out: Writable, json: boolean): CouncilProgress {
  return {
    onEvent: (event) => {
      if (json) {
        if (event.type !== 'text') out.write(`${JSON.stringify(event)}\n`)
        return
      }
      const line = describeCouncilEvent(event)
      if (line) out.write(`${line}\n`)
    },
    stop: () => undefined,
  }
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
const MARKS: Record<string, string> = { queued: '·', done: '✔', failed: '✖' }

/** Live lines on a terminal, redrawn ten times a second. */
export function liveCouncilProgress(out: NodeJS.WriteStream): CouncilProgress {
  const render = createLogUpdate(out, { showCursor: false })
  const lines = new Map<string, { state: string; detail: string; started: number }>()
  const notes: string[] = []
  let frame = 0
  const draw = (): void => {
    frame = (frame + 1) % FRAMES.length
    const width = Math.max(40, (out.columns || 100) - 2)
    const rows = [...lines.entries()].map(([label, line]) => {
      const mark = line.state === 'thinking' ? (FRAMES[frame] ?? '-') : (MARKS[line.state] ?? '-')
      const elapsed =
        line.state === 'thinking' ? ` ${((Date.now() - line.started) / 1000).toFixed(0)}s` : ''
      const row = `${mark} ${label.padEnd(24)} ${line.detail}${elapsed}`
      return row.length > width ? `${row.slice(0, width - 1)}…` : row
    })
    render([...rows, ...notes].join('\n'))
  }
  const timer = setInterval(draw, 100)
  return {
    onEvent: (event) => {
      if (event.type === 'plan') {
        for (const call of event.calls)
          lines.set(call.label, {
            state: call.done ? 'done' : 'queued',
            detail: call.done ? 'answered earlier (in the file)' : 'queued',
            started: 0,
          })
        return
      }
      if (event.type === 'phase' || event.type === 'ranking') {
        if (event.type === 'ranking') notes.push('', event.text)
        return
      }
      const line = lines.get(event.label) ?? { state: 'queued', detail: '', started: 0 }
      if (event.type === 'started') {
        Object.assign(line, { state: 'thinking', started: Date.now() })
        line.detail = `thinking${event.provider ? ` (${event.provider})` : ''}`
      } else if (event.type === 'text') {
        const last = event.text.trim().split('\n').pop() ?? ''
        line.detail = last ? `“${last}”` : 'writing'
      } else {
        if (event.type !== 'retrying') line.state = event.type
        line.detail = (describeCouncilEvent(event) ?? '').replace(`${event.label}: `, '')
      }
      lines.set(event.label, line)
    },
    stop: () => {
      clearInterval(timer)
      draw()
      render.done()
    },
  }
}

function usageRow(usage: StageUsage): string {
  const tokens = `${formatTokens(usage.inputTokens)} in / ${formatTokens(usage.outputTokens)} out${usage.estimated ? ' (estimated)' : ''}`
  const cost =
    usage.costUsd === null
      ? 'cost unknown'
      : `${formatCost(usage.costUsd)}${usage.unpricedCalls > 0 ? ` + ${usage.unpricedCalls} unpriced` : ''}`
  const calls = `${usage.calls} call${usage.calls === 1 ? '' : 's'}`
  return `  ${usage.stage.padEnd(10)} ${calls.padEnd(9)} ${tokens}, ${cost}`
}

/** What the user reads at the end: the synthesis first, then the ranking and the costs. */
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
