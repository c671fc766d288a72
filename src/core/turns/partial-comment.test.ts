import { describe, expect, it } from 'vitest'

import { partialComment } from './partial-comment.js'

describe('partialComment', () => {
  it('decodes the comment of a JSON answer as it streams in', () => {
    const full = '{"comment": "Line one\\nSays \\"hi\\" \\u00e9t\\u00e9", "vote": "READY"}'
    const seen = Array.from({ length: full.length + 1 }, (_, i) => partialComment(full.slice(0, i)))
    expect(seen[seen.length - 1]).toBe('Line one\nSays "hi" été')
    for (let i = 1; i < seen.length; i++) expect(seen[i]?.startsWith(seen[i - 1] ?? '')).toBe(true)
  })

  it('shows plain markdown answers as they are, and nothing for JSON not yet at its comment', () => {
    expect(partialComment('Plain **markdown**')).toBe('Plain **markdown**')
    expect(partialComment('{"vo')).toBe('')
  })
})
