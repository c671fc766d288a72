import { describe, expect, it } from 'vitest'

import { lineDiff } from './line-diff.js'

describe('lineDiff', () => {
  it('shows what a revision removed and added, keeping the rest', () => {
    expect(
      lineDiff(
        'Use Postgres.\n- one table\n- no expiry',
        'Use Postgres.\n- one table\n- 30-day expiry\n- a cleanup job',
      ),
    ).toEqual([
      { kind: 'same', text: 'Use Postgres.' },
      { kind: 'same', text: '- one table' },
      { kind: 'removed', text: '- no expiry' },
      { kind: 'added', text: '- 30-day expiry' },
      { kind: 'added', text: '- a cleanup job' },
    ])
    expect(lineDiff('a', 'a')).toEqual([{ kind: 'same', text: 'a' }])
  })
})
