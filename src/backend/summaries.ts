/**
 * summaries:read, summaries:start, summaries:cancel: the `.sum.md` beside a discussion, written by
 * the engine's `summarize` (the one `discussions summarize` calls) in the background, with its
 * progress sent to every window as `summaries:progress`.
 */
import { summaryFacts } from '../core/discussion/summary-facts.js'
import { requireKnownProvider } from '../core/providers/known-provider.js'
import { lastModified, readSummaryText, summaryFileOf } from '../node/engine/index.js'
import type { SummaryInfo } from '../shared/contract/index.js'
import { BackgroundRuns } from './infra/background-runs.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { errorMessage } from './infra/router.js'

/** Streamed text goes out at most this often per run, as a turn's does. */
const TEXT_EVERY_MS = 80

export function summariesHandlers({
  workspace,
  engines,
  emit,
}: BackendContext): DomainHandlers<'summaries'> {
  const runs = new BackgroundRuns('summary')
  // The runs the person cancelled: their end is told as a cancel, not as a failure.
  const cancelled = new Set<string>()

  /** The summary of the discussion at `path` (already resolved inside), or null when none. */
  const readSummary = async (path: string, comments: number): Promise<SummaryInfo | null> => {
    // Resolved as any request's path is: a `.sum.md` that is a link leading out is refused.
    const inside = await workspace.resolveInside(summaryFileOf(path)).catch(() => null)
    if (!inside) return null
    const text = readSummaryText(inside.path)
    const facts = summaryFacts(text)
    const newComments = facts.comments === null ? null : Math.max(0, comments - facts.comments)
    const changedSince =
      newComments !== null
        ? newComments > 0
        : facts.generated !== null && (await lastModified(path)) > facts.generated
    return {
      file: inside.path,
      text,
      generated: facts.generated,
      provider: facts.provider,
      newComments,
      changedSince,
    }
  }

  return {
    handlers: {
      'summaries:read': async ({ path }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const [loaded, providers] = await Promise.all([
          engine.load(inside.path),
          engine.providers(),
        ])
        return {
          summary: await readSummary(loaded.path, loaded.view.comments.length),
          running: runs.on(inside.path),
          providers: [...providers.available.keys()],
        }
      },

      'summaries:start': async ({ path, provider }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        // Refused before anything is read, called or written, as `discussions summarize` does.
        requireKnownProvider(provider, (await engine.providers()).available)
        await engine.requireWritableDiscussion(inside.path, { folder: true })
        const runId = runs.launch(
          inside.path,
          (id, signal) => {
            emit('summaries:progress', { runId: id, path: inside.path, kind: 'started' })
            let latest: string | null = null
            let timer: ReturnType<typeof setTimeout> | null = null
            const flush = (): void => {
              if (timer) clearTimeout(timer)
              timer = null
              if (latest !== null)
                emit('summaries:progress', {
                  runId: id,
                  path: inside.path,
                  kind: 'text',
                  text: latest,
                })
              latest = null
            }
            return engine
              .summarize(inside.path, {
                signal,
                ...(provider !== undefined ? { provider } : {}),
                onText: (text) => {
                  latest = text
                  timer ??= setTimeout(flush, TEXT_EVERY_MS)
                },
              })
              .finally(flush)
          },
          ({ runId: id, outcome }) => {
            if (outcome.ok)
              emit('summaries:progress', {
                runId: id,
                path: inside.path,
                kind: 'finished',
                ...outcome.result,
              })
            else
              emit('summaries:progress', {
                runId: id,
                path: inside.path,
                kind: 'error',
                message: errorMessage(outcome.error),
                cancelled: cancelled.has(id),
              })
            cancelled.delete(id)
          },
        )
        return { runId }
      },

      'summaries:cancel': ({ runId }) => {
        const found = runs.cancel(runId)
        if (found) cancelled.add(runId)
        return Promise.resolve({ cancelled: found })
      },
    },
    close: () => runs.cancelAll(),
  }
}
