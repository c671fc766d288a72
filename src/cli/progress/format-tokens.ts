/** Token counts as people read them: 950, 1.2k. */
export function formatTokens(count: number): string {
  return count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count)
}
