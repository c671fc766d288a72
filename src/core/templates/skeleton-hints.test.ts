import { describe, expect, it } from 'vitest'

import { withoutHints } from './skeleton-hints.js'

const FEATURE = [
  '# {title}',
  '',
  '## Context',
  '',
  '{context}',
  '',
  '## Requirements',
  '',
  '- [ ] [Requirement 1]',
  '- [ ] [Requirement 2]',
  '',
  '## Open Questions',
  '',
  '- [Question 1]',
  '',
  '*Discussion begins below.*',
].join('\n')

describe('withoutHints', () => {
  it('drops hint lines and the sections they leave empty, keeping the rest', () => {
    expect(withoutHints(FEATURE, { context: true })).toBe(
      ['# {title}', '', '## Context', '', '{context}', '', '*Discussion begins below.*'].join('\n'),
    )
  })

  it('drops the Context section when there is no context', () => {
    expect(withoutHints(FEATURE, { context: false })).toBe(
      ['# {title}', '', '*Discussion begins below.*'].join('\n'),
    )
  })

  it('keeps links, task boxes, fenced text and sections with something in them', () => {
    const text = [
      '# {title}',
      '## Notes',
      '- [x] done already',
      '[the spec](https://example.com)',
      '[ref]: https://example.com',
      '```',
      '[Requirement 1]',
      '```',
      '## Parent',
      '### Child',
      'text',
      '## Empty parent',
      '### Empty child',
      '- [Goal 1]',
    ].join('\n')
    expect(withoutHints(text, { context: true })).toBe(
      [
        '# {title}',
        '## Notes',
        '- [x] done already',
        '[the spec](https://example.com)',
        '[ref]: https://example.com',
        '```',
        '[Requirement 1]',
        '```',
        '## Parent',
        '### Child',
        'text',
      ].join('\n'),
    )
  })
})
