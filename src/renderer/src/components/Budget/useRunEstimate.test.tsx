// @vitest-environment happy-dom
/**
 * The estimate follows what the dialog has chosen: asked once the person pauses, and a slow answer
 * to an earlier choice never replaces the answer to the newer one.
 */
import { act, renderHook } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'

import type { Reply, RunEstimateInfo } from '@shared/contract'
import { ESTIMATE_DEBOUNCE_MS, useRunEstimate } from './useRunEstimate'

afterEach(() => vi.useRealTimers())

function estimateOf(calls: number): RunEstimateInfo {
  return {
    calls: [],
    total: { calls, promptTokens: 0, ceilingTokens: 0, costUsd: null, unpriced: [] },
    counting: 'approximation',
    budget: {
      maxCostUsd: null,
      maxTotalTokens: null,
      settings: { maxCostPerRun: null, maxCostPerDiscussion: null, warnAt: 0.8 },
      unpricedUnderCap: [],
    },
  }
}

/** Answers the caller settles by hand, in any order. */
function answers() {
  const pending: ((value: Reply<RunEstimateInfo>) => void)[] = []
  const fetch = vi.fn(() => new Promise<Reply<RunEstimateInfo>>((resolve) => pending.push(resolve)))
  return { fetch, pending }
}

/** Settles one answer and lets the hook's promise chain run. */
async function settle(
  resolve: ((value: Reply<RunEstimateInfo>) => void) | undefined,
  reply: Reply<RunEstimateInfo>,
): Promise<void> {
  resolve?.(reply)
  await vi.advanceTimersByTimeAsync(0)
}

it('asks once the choice stops changing, and keeps the newest answer over a late older one', async () => {
  vi.useFakeTimers()
  const { fetch, pending } = answers()
  const { result, rerender } = renderHook(({ key }) => useRunEstimate(true, key, fetch), {
    initialProps: { key: 'one' },
  })
  rerender({ key: 'two' })
  await act(() => vi.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS))
  expect(fetch).toHaveBeenCalledTimes(1) // 'one' changed before its pause ended: never asked

  rerender({ key: 'three' })
  await act(() => vi.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS))
  expect(fetch).toHaveBeenCalledTimes(2)
  expect(result.current.pending).toBe(true)

  // The answer for 'three' arrives first, then the late one for 'two'.
  await act(() => settle(pending[1], { value: estimateOf(3) }))
  expect(result.current.estimate?.total.calls).toBe(3)
  expect(result.current.pending).toBe(false)
  await act(() => settle(pending[0], { value: estimateOf(2) }))
  expect(result.current.estimate?.total.calls).toBe(3)
})

it('says why there is no estimate when the backend refuses', async () => {
  vi.useFakeTimers()
  const { fetch, pending } = answers()
  const { result } = renderHook(() => useRunEstimate(true, 'one', fetch))
  await act(() => vi.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS))
  await act(() => settle(pending[0], { error: { message: 'No persona answers to "ghost".' } }))
  expect(result.current.error).toBe('No persona answers to "ghost".')
  expect(result.current.estimate).toBeNull()
})
