/** Runs `work` several times and reports the median wall time in milliseconds. */
export function medianMs(work: () => void, runs = 7): number {
  work() // warm-up: JIT and caches
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint()
    work()
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows)
}

export function median(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** Like `medianMs`, for async work. */
export async function medianAsyncMs(work: () => Promise<unknown>, runs = 7): Promise<number> {
  await work()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint()
    await work()
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  return median(times)
}
