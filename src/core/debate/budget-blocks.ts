/**
 * The budget's part in a debate participant's block: each answer's block begins with its usage
 * line (as a turn's does), an answer the budget cut while it streamed is kept in the
 * participant's block, marked and quoted (so no marker in it counts, and the participant is asked
 * again when the debate resumes), and a call the budget did not start is recorded as skipped.
 */
import { answerUsage } from '../budget/answer-usage.js'
import { CUT_NOTE } from '../budget/cut-short.js'
import { skippedBody } from '../budget/skipped-line.js'
import { usageLine } from '../budget/usage-line.js'
import { composeBody, withEngineHead } from '../format/comment-body.js'
import type { CommentBody } from '../format/comment-body.js'
import type { ProviderResult } from '../providers/port.js'
import { admitAnswer } from '../text/text.js'
import { BudgetCutError, BudgetRefusedError } from '../budget/budget-errors.js'

/** The block of an answer, its usage line at its head. */
export function withUsage(result: ProviderResult, body: CommentBody): CommentBody {
  return withEngineHead(usageLine(answerUsage(result)), body)
}

/**
 * The block a budget stop leaves for a participant's call: what arrived of a cut answer, or the
 * skipped record of one not started; null for any other failure.
 */
export function budgetStopBlock(error: unknown): CommentBody | null {
  if (error instanceof BudgetRefusedError)
    return skippedBody({ provider: error.provider, reason: error.message })
  if (!(error instanceof BudgetCutError)) return null
  const said = admitAnswer(error.partial.text).text
  return composeBody([
    { engine: usageLine(answerUsage(error.partial, 'budget')) },
    { engine: CUT_NOTE },
    { quote: said },
  ])
}
