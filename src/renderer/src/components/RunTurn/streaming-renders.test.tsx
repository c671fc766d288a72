// @vitest-environment happy-dom
/**
 * Streamed text redraws the card that grows, not the thread. A real turn runs first (the
 * backend's demo provider streams each answer in chunks) and its progress events are recorded;
 * they are then played to the thread one at a time, while the component that builds the thread
 * counts its renders and each pending card's subtree counts its own.
 */
import { act, cleanup } from '@testing-library/react'
import { Profiler } from 'react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import type { Api, DiscussionDetail, TurnProgress } from '@shared/contract'
import { backendApi } from '../../../../../test/support/backend-api'
import type { BackendApi } from '../../../../../test/support/backend-api'
import { call } from '../../api/client'
import { renderWithApp } from '../../test-support/render-with-app'
import { turnStoreFor } from './turn-store'
import { useTurnThread } from './useTurnThread'

let open: BackendApi | null = null
afterEach(() => {
  cleanup()
  open?.backend.close()
  open = null
})

interface Counts {
  thread: number
  cards: Map<string, number>
}

/** What the discussion view does with the thread: the pending cards and the turn's line. */
function Thread({ detail, counts }: { detail: DiscussionDetail; counts: Counts }): ReactNode {
  counts.thread++
  const thread = useTurnThread(detail, detail.path, () => {})
  return (
    <div>
      {thread.tail.map((item) => (
        <Profiler
          key={item.key}
          id={item.key}
          onRender={(id) => counts.cards.set(id, (counts.cards.get(id) ?? 0) + 1)}
        >
          {item.node}
        </Profiler>
      ))}
    </div>
  )
}

const ASKED = ['architect', 'security', 'pragmatist']

/** A real turn's progress events, as the backend sent them, and its id. */
async function recordTurn(app: BackendApi, path: string) {
  const events: TurnProgress[] = []
  let done: () => void = () => {}
  const finished = new Promise<void>((resolve) => (done = resolve))
  app.api.events.turns.progress((progress) => {
    events.push(progress)
    if (progress.kind !== 'event') done()
  })
  const { turnId } = await call(app.api.turns.start({ path, participants: ASKED }))
  await finished
  return { turnId, events }
}

describe('streaming into the thread', () => {
  it('a streamed token redraws its own card only; the thread, only when a card changes state', async () => {
    const app = await backendApi()
    open = app
    const path = `${app.folder}/add-user-authentication.md`
    const detail = await call(app.api.discussions.read({ path }))
    const { turnId, events } = await recordTurn(app, path)

    // The same contract client, its turn progress played by the test one event at a time.
    const listeners = new Set<(progress: TurnProgress) => void>()
    const replay: Api = {
      ...app.api,
      events: {
        ...app.api.events,
        turns: {
          progress: (listener) => {
            listeners.add(listener)
            return () => listeners.delete(listener)
          },
        },
      },
    }
    const counts: Counts = { thread: 0, cards: new Map() }
    renderWithApp(<Thread detail={detail} counts={counts} />, { api: replay })
    act(() => turnStoreFor(replay).started(turnId, path, ASKED))

    const streaming = new Set<string>()
    let tokens = 0
    let threadRenders = 0
    for (const progress of events) {
      const thread = counts.thread
      const cards = new Map(counts.cards)
      act(() => listeners.forEach((listener) => listener(progress)))
      threadRenders += counts.thread - thread
      if (progress.kind !== 'event' || progress.event.type !== 'text') continue
      const alias = progress.event.participant
      // The first text moves the card to "answering": a change of state, which the thread shows.
      if (!streaming.has(alias)) {
        streaming.add(alias)
        continue
      }
      tokens++
      expect(counts.thread, `thread redrawn for a token of @${alias}`).toBe(thread)
      for (const other of ASKED) {
        const key = `answer:${other}`
        const drawn = (counts.cards.get(key) ?? 0) - (cards.get(key) ?? 0)
        if (other === alias) expect(drawn, `@${alias}'s card`).toBeGreaterThanOrEqual(1)
        else expect(drawn, `@${other}'s card on a token of @${alias}`).toBe(0)
      }
    }
    const texts = events.filter((e) => e.kind === 'event' && e.event.type === 'text').length
    console.log(
      `[renders] ${events.length} events (${texts} text, ${tokens} after the first of each card) · thread drawn ${threadRenders} times`,
    )
    expect(tokens).toBeGreaterThanOrEqual(ASKED.length)
    expect(threadRenders).toBeLessThanOrEqual(events.length - tokens)
  })
})
