import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import {
  searchableDiscussion,
  searchDiscussions,
  searchSources,
} from '../../src/core/search/index.js'
import { discussionLikeText } from '../support/arbitraries.js'

const discussion = (title: string, comments: { author: string; body: string }[]): string =>
  [
    `<!-- DISCUSSION -->\n<!-- Title: ${title} -->\n<!-- Phase: review -->\n\n# ${title}\n\n---\n`,
    ...comments.map(({ author, body }) => `\nName: ${author}\n${body}\n\n---\n`),
  ].join('')

const privacy = discussion('Data retention', [
  { author: 'AI-Architect', body: 'We keep logs for a year.\nStorage is cheap.' },
  {
    author: 'AI-Security',
    body: 'The GDPR asks for less.\nGDPR article 5: data minimisation.\nCONCERN: GDPR fines for keeping logs.',
  },
  { author: 'Rob', body: 'Q: Who owns the retention policy?\nVOTE: CHANGES' },
])
const caching = discussion('Cache design', [
  {
    author: 'AI-Pragmatist',
    body: 'A cache in front of the API.\nDECISION: Use a write-through cache.',
  },
  { author: 'AI-Security', body: 'Cached pages must not hold personal data (GDPR).' },
])
const sources = [
  { path: 'privacy.md', text: privacy },
  { path: 'caching.md', text: caching },
]

describe('search over a folder', () => {
  it('finds a word in comment bodies, not only in titles, with the comment and its line', () => {
    const { hits, total } = searchSources(sources, 'gdpr')
    expect(total).toBe(2)
    // Three mentions in one comment outrank one mention in a longer discussion's comment.
    expect(hits.map((hit) => [hit.path, hit.comment, hit.author])).toEqual([
      ['privacy.md', 1, 'AI-Security'],
      ['caching.md', 1, 'AI-Security'],
    ])
    const [first] = hits
    const lines = privacy.split('\n')
    expect(lines[(first?.line ?? 0) - 1]).toBe('The GDPR asks for less.')
    expect(first?.text).toBe('The GDPR asks for less.')
    // The comment number is the one `parse` gives that comment.
    const parsed = parseDiscussion(privacy).comments[first?.comment ?? -1]
    expect(parsed?.author).toBe('AI-Security')
    expect(first?.line).toBeGreaterThanOrEqual(parsed?.line ?? 0)
    expect(first?.line).toBeLessThanOrEqual(parsed?.endLine ?? 0)
  })

  it('finds titles, markers and authors, and needs every word of the query', () => {
    expect(searchSources(sources, 'cache design').hits[0]).toMatchObject({
      path: 'caching.md',
      comment: null,
      title: 'Cache design',
    })
    expect(searchSources(sources, 'write-through decision').hits).toMatchObject([
      { path: 'caching.md', comment: 0, text: 'DECISION: Use a write-through cache.' },
    ])
    expect(searchSources(sources, 'rob').hits).toMatchObject([
      { path: 'privacy.md', comment: 2, author: 'Rob', text: 'Name: Rob' },
    ])
    expect(searchSources(sources, 'gdpr storage').total).toBe(0)
    expect(searchSources(sources, '   ').hits).toEqual([])
  })

  it('matches inside words and ignores case, and keeps the best `limit` hits', () => {
    expect(searchSources(sources, 'Gdp').total).toBe(2)
    expect(searchSources(sources, 'gdpr', { limit: 1 }).hits).toHaveLength(1)
    expect(searchSources(sources, 'gdpr', { limit: 1 }).total).toBe(2)
  })

  it('ranks alike whether it parses every file or skips those that cannot match', () => {
    fc.assert(
      fc.property(
        fc.array(discussionLikeText, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(
          'a',
          'vote',
          'name',
          'q',
          'ready x',
          '---',
          'é',
          'phase transition',
          'reset',
        ),
        (texts, query) => {
          const files = texts.map((text, i) => ({ path: `f${i}.md`, text }))
          const scanned = searchSources(files, query)
          const held = searchDiscussions(
            files.map((file) => searchableDiscussion(file.path, file.text)),
            query,
          )
          expect(held).toEqual(scanned)
          for (const hit of scanned.hits) {
            const file = files.find((f) => f.path === hit.path)?.text ?? ''
            const comments = parseDiscussion(file).comments
            if (hit.comment === null) {
              expect(hit.line).toBeLessThan(comments[0]?.line ?? Infinity)
            } else {
              const comment = comments[hit.comment]
              expect(hit.line).toBeGreaterThanOrEqual(comment?.line ?? Infinity)
              expect(hit.line).toBeLessThanOrEqual(comment?.endLine ?? -1)
            }
          }
        },
      ),
    )
  })

  it('keeps, for any limit, the first hits of the whole ranking, and lists discussions by their best', () => {
    fc.assert(
      fc.property(
        fc.array(discussionLikeText, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('a', 'e', 'vote', 'name', 'ready x', 'o'),
        fc.nat({ max: 12 }),
        (texts, query, limit) => {
          const files = texts.map((text, i) => ({ path: `f${i}.md`, text }))
          const whole = searchSources(files, query)
          const kept = searchSources(files, query, { limit })
          expect(kept.hits).toEqual(whole.hits.slice(0, limit))
          expect(kept.total).toBe(whole.total)
          expect(kept.matched).toEqual([...new Set(whole.hits.map((hit) => hit.path))])
          expect(whole.matched).toEqual(kept.matched)
        },
      ),
      { numRuns: 300 },
    )
  })
})
