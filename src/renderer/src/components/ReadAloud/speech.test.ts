import { describe, expect, it } from 'vitest'

import { spokenText } from './speech'

describe('spokenText', () => {
  it('reads the words, not the markdown, code or diagram paths', () => {
    const body = [
      '## Proposal',
      'We **should** cache [the API](https://example.com).',
      '',
      '```ts',
      'const secret = 1',
      '```',
      '',
      'DIAGRAM: diagrams/flow.puml',
      '> Q: _why_ now?',
    ].join('\n')
    expect(spokenText(body)).toBe('Proposal We should cache the API. (code) (diagram) Q: why now?')
  })
})
