/**
 * What a discussion has spent, from the lines the engine wrote: each answer's usage line and each
 * council call's record. Sums keep unknown apart from zero: a cost that leaves out unpriced answers
 * is partial, and counts estimated from text say so.
 */
import { readCutCalls, readRecordedCalls } from '../council/record.js'
import type { ParsedDiscussion } from '../format/model.js'
import { splitUsage } from './usage-line.js'
import type { AnswerUsage } from './usage-line.js'

export interface RecordedUsage {
  author: string
  line: number
  usage: AnswerUsage
}

/** Every answer's usage the file records, in file order. */
export function recordedUsage(parsed: ParsedDiscussion): RecordedUsage[] {
  const found: RecordedUsage[] = []
  for (const comment of parsed.comments) {
    const { usage } = splitUsage(comment)
    if (usage) found.push({ author: comment.author, line: comment.line, usage })
  }
  for (const call of [...readRecordedCalls(parsed).values(), ...readCutCalls(parsed)]) {
    if (call.provider === null) continue // the council's own notes: no model was asked
    found.push({
      author: call.author,
      line: call.line,
      usage: {
        provider: call.provider,
        model: null,
        inputTokens: call.inputTokens,
        outputTokens: call.outputTokens,
        estimated: call.estimated,
        costUsd: call.costUsd,
        ...(call.cut ? { cut: call.cut } : {}),
      },
    })
  }
  return found.sort((a, b) => a.line - b.line)
}

export interface UsageSum {
  answers: number
  inputTokens: number
  outputTokens: number
  /** True when any count was estimated from the text. */
  estimated: boolean
  /** The known costs summed; null when no answer's cost is known. */
  costUsd: number | null
  /** Answers whose cost is unknown: the sum leaves them out, so it is partial. */
  unpriced: number
}

export function emptySum(): UsageSum {
  return {
    answers: 0,
    inputTokens: 0,
    outputTokens: 0,
    estimated: false,
    costUsd: null,
    unpriced: 0,
  }
}

export function addUsage(sum: UsageSum, usage: AnswerUsage): UsageSum {
  return {
    answers: sum.answers + 1,
    inputTokens: sum.inputTokens + usage.inputTokens,
    outputTokens: sum.outputTokens + usage.outputTokens,
    estimated: sum.estimated || usage.estimated,
    costUsd: usage.costUsd === null ? sum.costUsd : (sum.costUsd ?? 0) + usage.costUsd,
    unpriced: sum.unpriced + (usage.costUsd === null ? 1 : 0),
  }
}

export function sumUsage(usages: readonly AnswerUsage[]): UsageSum {
  return usages.reduce(addUsage, emptySum())
}

/** Sums by a key (provider, persona ...), in first-seen order. */
export function sumBy(
  items: readonly RecordedUsage[],
  key: (item: RecordedUsage) => string,
): Map<string, UsageSum> {
  const sums = new Map<string, UsageSum>()
  for (const item of items) {
    const name = key(item)
    sums.set(name, addUsage(sums.get(name) ?? emptySum(), item.usage))
  }
  return sums
}
