/**
 * `summarize`: writes `<name>.sum.md` beside a discussion with its structured state and, when a
 * provider answers, a summary written by the moderator persona's provider (or the one asked for).
 * Without an answer the file is still written, complete but for that part, and `aiError` says why;
 * when the caller cancels, nothing is written (an older summary stays as it was).
 */
import { randomBytes } from 'node:crypto'
import { basename, dirname } from 'node:path'

import { renderSummary, summaryPrompt } from '../../core/discussion/summary.js'
import { DiscussionError } from '../../core/errors.js'
import { parseAnswer } from '../../core/turns/answer.js'
import { partialComment } from '../../core/turns/partial-comment.js'
import { chooseBoundary } from '../../core/turns/prompt.js'
import { providerCaller } from '../providers/provider-caller.js'
import { replaceDurably } from '../store/durable-write.js'
import type { EngineContext } from './engine-context.js'
import { summaryFileOf } from './summary-file.js'
import type { Text } from '../../core/text/text.js'

export interface SummaryWritten {
  file: string
  provider: string | null
  aiError: string | null
}

export interface SummarizeOptions {
  /** A configured provider instead of the moderator persona's. */
  provider?: string
  signal?: AbortSignal
  /** Called with the summary's text so far as it streams in (as a turn's answer is shown). */
  onText?: (textSoFar: string) => void
}

export async function summarize(
  engine: EngineContext,
  path: string,
  options: SummarizeOptions = {},
): Promise<SummaryWritten> {
  await engine.requireWritableDiscussion(path, { folder: true })
  const loaded = await engine.load(path)
  const status = await engine.status(loaded)
  const moderator = (await engine.personas()).get('moderator')?.persona
  const complete = providerCaller(await engine.providers(), { explicit: options.provider ?? null })
  let aiSummary: Text | null = null
  let provider: string | null = null
  let aiError: string | null = null
  try {
    const boundary = chooseBoundary(loaded.text, () => randomBytes(6).toString('hex'))
    const { onText } = options
    let streamed = ''
    const result = await complete(
      { provider_hint: moderator?.provider_hint ?? null },
      {
        prompt: summaryPrompt(loaded.text, boundary),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(onText
          ? {
              onText: (delta: string) => onText(partialComment((streamed += delta))),
              // The next provider of the chain starts over: what the failed one said goes.
              onRetry: () => onText((streamed = '')),
            }
          : {}),
      },
    )
    // Models used to the turn contract may still wrap the summary in it; take the text out.
    // The answer passes the door there; a note says when it lost characters on the way.
    const answer = parseAnswer(result.text, { votes: false })
    aiSummary = answer.kind === 'comment' && answer.comment.trim() !== '' ? answer.comment : null
    provider = result.provider
  } catch (error) {
    aiError = error instanceof Error ? error.message : String(error)
  }
  // Cancelled: the person asked for nothing, so nothing replaces the summary there was.
  if (options.signal?.aborted) throw new DiscussionError('Cancelled: no summary was written.')
  const file = summaryFileOf(loaded.path)
  const text = renderSummary(status, {
    source: basename(loaded.path),
    generated: new Date(),
    aiSummary,
    provider,
    comments: loaded.view.comments.length,
  })
  await replaceDurably(file, text, dirname(loaded.path))
  return { file, provider, aiError }
}
