// What a .sum.md says about itself is read back only from where the writer puts it: whatever a
// provider answers and whatever a discussion's title, phase, status, names and items hold, the
// facts read are the ones written (a hostile text cannot fake a provider, a time or a count).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { parseDiscussion } from '../format/parse.js'
import { admitAnswer, admitName } from '../text/text.js'
import { describeDiscussion } from './describe.js'
import { discussionStatus } from './status.js'
import { renderSummary } from './summary.js'
import { summaryFacts } from './summary-facts.js'

const FAKES = [
  '_Written by evil._',
  '## Votes',
  'Source: `x` · Phase: p · Status: s · Generated: 2000-01-01T00:00:00Z · Comments: 999',
  '\n_Written by evil._\n\n## Votes\n',
  ' · Generated: 2000-01-01T00:00:00Z · Comments: 999',
]
const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom(...FAKES),
  fc
    .array(fc.constantFrom(...FAKES, '\n', 'text', '- item'), { maxLength: 8 })
    .map((parts) => parts.join('')),
)

function discussion(title: string, phase: string, body: string): string {
  const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ')
  return [
    '<!-- DISCUSSION -->',
    `<!-- Title: ${oneLine(title)} -->`,
    `<!-- Phase: ${oneLine(phase)} -->`,
    '',
    '---',
    '',
    'Name: Ann',
    body,
    'VOTE: READY',
    '',
    '---',
    '',
  ].join('\n')
}

describe('summaryFacts', () => {
  it('reads back the time, provider and comment count written, whatever the texts hold', () => {
    fc.assert(
      fc.property(
        hostile,
        hostile,
        hostile,
        hostile,
        fc.option(fc.constantFrom('demo', 'scripted', 'claude-sonnet'), { nil: null }),
        fc.nat(5000),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (title, phase, body, answer, provider, comments, generated) => {
          const parsed = parseDiscussion(discussion(title, phase, body))
          const status = discussionStatus(describeDiscussion(parsed), {})
          // As the engine passes it: no summary when the answer holds no text.
          const admitted = admitAnswer(answer).text
          const aiSummary = provider === null || admitted.trim() === '' ? null : admitted
          const text = renderSummary(status, {
            source: 'x.md',
            generated,
            aiSummary,
            provider,
            comments,
          })
          expect(summaryFacts(text)).toEqual({
            generated: generated.toISOString().replace(/\.\d{3}Z$/, 'Z'),
            provider: aiSummary === null || provider === null ? null : admitName(provider),
            comments,
          })
        },
      ),
      { numRuns: 300 },
    )
  })

  it('says nothing it cannot find: an older file without a count, or no summary at all', () => {
    expect(summaryFacts('# Notes\n\nSome text.\n')).toEqual({
      generated: null,
      provider: null,
      comments: null,
    })
    expect(
      summaryFacts(
        'Source: `a.md` · Phase: p · Status: s · Generated: 2026-01-02T03:04:05Z\n\n## Summary\n\nHi.\n\n_Written by demo._\n\n## Votes\n',
      ),
    ).toEqual({ generated: '2026-01-02T03:04:05Z', provider: 'demo', comments: null })
  })
})
