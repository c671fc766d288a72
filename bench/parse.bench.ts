import { describeDiscussion, parseDiscussion } from '../src/core/index.js'
import { medianMs, table } from './measure.js'
import { syntheticDiscussion } from './synthetic.js'

/** Parse time for 1,000 / 10,000 / 50,000 comments: growth should be linear. */
export function benchParse(): void {
  const rows = [1_000, 10_000, 50_000].map((comments) => {
    const text = syntheticDiscussion(comments)
    const ms = medianMs(() => describeDiscussion(parseDiscussion(text)), comments >= 50_000 ? 5 : 9)
    return {
      comments,
      MB: +(text.length / 1e6).toFixed(1),
      'median ms': +ms.toFixed(1),
      'µs per comment': +((ms * 1000) / comments).toFixed(2),
    }
  })
  console.log('\nParse + describe (median of repeated runs)')
  table(rows)
  const first = rows[0]
  const last = rows[rows.length - 1]
  if (first && last) {
    const ratio = last['µs per comment'] / first['µs per comment']
    console.log(
      `per-comment cost at 50,000 vs 1,000: ${ratio.toFixed(2)}x (1.0 = perfectly linear)`,
    )
  }
}
