import { describe, expect, it } from 'vitest'

import { parseDiscussion } from '../format/parse.js'
import { discussionBody } from './body.js'

const FILE = `<!-- DISCUSSION -->
<!-- Title: Rate limits -->
<!-- Phase: initial_feedback -->

# Rate limits

## Context

Each API key needs its own limits.

- Q: per key or per account?

---

Name: AI-Architect
Per key.

---
`

describe('discussionBody', () => {
  it('is the text above the first delimiter without headers and the repeated title', () => {
    expect(discussionBody(parseDiscussion(FILE), 'Rate limits')).toBe(
      '## Context\n\nEach API key needs its own limits.\n\n- Q: per key or per account?',
    )
  })

  it('keeps a first heading that is not the title', () => {
    const text = FILE.replace('# Rate limits', '# Something else')
    expect(discussionBody(parseDiscussion(text), 'Rate limits')).toMatch(/^# Something else\n/)
  })

  it('is empty for a file that starts with its first comment', () => {
    expect(discussionBody(parseDiscussion('---\n\nName: Rob\nHi\n\n---\n'), null)).toBe('')
  })

  it('keeps hostile text as text: it is rendered later by the sanitising markdown pipeline', () => {
    const hostile = FILE.replace(
      'Each API key',
      '<script>alert(1)</script><img src=x onerror=alert(2)> Each API key',
    )
    expect(discussionBody(parseDiscussion(hostile), 'Rate limits')).toContain('<script>')
  })

  it('handles CRLF files', () => {
    expect(discussionBody(parseDiscussion(FILE.replace(/\n/g, '\r\n')), 'Rate limits')).toMatch(
      /^## Context\n\nEach API key/,
    )
  })
})
