/**
 * One discussion's summary: the `.sum.md` there is (read, never run, when the discussion opens),
 * writing a new one through `summaries:start` (the engine's `summarize`, as the CLI's), its
 * progress from `summaries:progress`, and cancelling it.
 */
import { useCallback, useEffect, useState } from 'react'

import type { SummaryProgress } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'

/** How the last run went, in words for the panel; null before any run here. */
export type SummaryOutcome =
  | { kind: 'running'; runId: string; since: number; text: string }
  | { kind: 'written'; provider: string | null; aiError: string | null }
  | { kind: 'failed'; message: string; cancelled: boolean }

export function useSummary(path: string, commentCount: number) {
  const api = useApi()
  const [reads, setReads] = useState(0)
  // Read again when a comment arrives, so "N comments since" follows the discussion.
  const { data, error } = useRequest(
    path,
    () => call(api.summaries.read({ path })),
    reads * 1_000_000 + commentCount,
  )
  const [outcome, setOutcome] = useState<SummaryOutcome | null>(null)
  useEffect(() => setOutcome(null), [path])

  // A run started in another window (or before this view opened) shows as running too.
  useEffect(() => {
    if (data?.running && outcome?.kind !== 'running')
      setOutcome({ kind: 'running', runId: data.running, since: Date.now(), text: '' })
  }, [data?.running])

  useEffect(
    () =>
      api.events.summaries.progress((event: SummaryProgress) => {
        if (event.path !== path) return
        if (event.kind === 'started') {
          setOutcome((now) =>
            now?.kind === 'running' && now.runId === event.runId
              ? now
              : { kind: 'running', runId: event.runId, since: Date.now(), text: '' },
          )
          return
        }
        if (event.kind === 'text') {
          setOutcome((now) =>
            now?.kind === 'running' && now.runId === event.runId
              ? { ...now, text: event.text }
              : now,
          )
          return
        }
        setOutcome(
          event.kind === 'finished'
            ? { kind: 'written', provider: event.provider, aiError: event.aiError }
            : { kind: 'failed', message: event.message, cancelled: event.cancelled },
        )
        setReads((n) => n + 1)
      }),
    [api, path],
  )

  /** Writes a summary, by `provider` or (absent) the moderator's. */
  const start = useCallback(
    async (provider?: string): Promise<void> => {
      try {
        const { runId } = await call(
          api.summaries.start({ path, ...(provider ? { provider } : {}) }),
        )
        setOutcome((now) =>
          now?.kind === 'running' ? now : { kind: 'running', runId, since: Date.now(), text: '' },
        )
      } catch (failure) {
        setOutcome({
          kind: 'failed',
          message: failure instanceof Error ? failure.message : String(failure),
          cancelled: false,
        })
      }
    },
    [api, path],
  )

  const cancel = useCallback(async (): Promise<void> => {
    if (outcome?.kind !== 'running') return
    await call(api.summaries.cancel({ runId: outcome.runId })).catch(() => undefined)
  }, [api, outcome])

  return {
    summary: data?.summary ?? null,
    /** True once the first read answered (with or without a summary). */
    known: data !== undefined,
    providers: data?.providers ?? [],
    readError: error,
    outcome,
    running: outcome?.kind === 'running',
    start,
    cancel,
  }
}

export type SummaryState = ReturnType<typeof useSummary>
