/**
 * Writes the calls a budget did not start into the discussion, one block each, once the run's
 * calls have ended. A run that started no call at all writes nothing: a cap below one call's worst
 * case leaves the file as it was.
 */
import type { CommentBody } from '../format/comment-body.js'
import type { Vote } from '../format/model.js'
import { admitName } from '../text/text.js'
import type { Name } from '../text/text.js'
import { skippedBody } from './skipped-line.js'
import type { SkippedCall } from './skipped-line.js'

export interface BudgetSkip extends SkippedCall {
  /** The persona whose call was not started: the block is signed with its name. */
  author: string
}

interface AppendOnly {
  appendComment(
    path: string,
    comment: { author: Name; body: CommentBody; vote: Vote | null },
  ): Promise<{ line: number }>
}

export async function recordSkips(
  store: AppendOnly,
  file: string,
  skips: readonly BudgetSkip[],
  anyStarted: boolean,
): Promise<void> {
  if (!anyStarted) return
  for (const skip of skips)
    await store.appendComment(file, {
      author: admitName(skip.author),
      body: skippedBody({ provider: skip.provider, reason: skip.reason }),
      vote: null,
    })
}
