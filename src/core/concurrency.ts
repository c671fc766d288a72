/** Runs `work` over `items` with at most `concurrency` running at once; results keep item order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const lanes = Array.from(
    { length: Math.max(1, Math.min(concurrency, items.length)) },
    async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await work(items[index] as T, index)
      }
    },
  )
  await Promise.all(lanes)
  return results
}
