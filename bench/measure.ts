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
