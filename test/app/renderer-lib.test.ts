import type { Element, Root } from 'hast'
import { describe, expect, it } from 'vitest'

import { rehypeMarkers } from '../../src/core/markdown/rehype-markers.js'
import { authorColour, authorInitials } from '../../src/renderer/src/lib/author.js'
import { commentIndexForLine } from '../../src/renderer/src/lib/lines.js'
import { parseRoute, routeHash } from '../../src/renderer/src/lib/route.js'
import { filterDiscussions } from '../../src/renderer/src/components/DiscussionBrowser/filter.js'

const p = (...children: Element['children']): Element => ({
  type: 'element',
  tagName: 'p',
  properties: {},
  children,
})
const text = (value: string) => ({ type: 'text' as const, value })

describe('marker highlighting', () => {
  it('marks marker paragraphs and wraps mentions, but not inside code', () => {
    const code: Element = {
      type: 'element',
      tagName: 'code',
      properties: {},
      children: [text('@nobody')],
    }
    const tree: Root = {
      type: 'root',
      children: [
        p(text('Q: ask @architect now')),
        p(text('plain @all'), code),
        p(text('email a@b.c')),
      ],
    }
    rehypeMarkers()(tree)
    const [question, plain, email] = tree.children as Element[]
    expect(question?.properties.className).toEqual(['od-marker-block', 'od-marker-question'])
    expect(JSON.stringify(question)).toContain('"od-mention"')
    expect(plain?.properties.className).toBeUndefined()
    expect(JSON.stringify(plain?.children.at(-1))).not.toContain('od-mention')
    expect(JSON.stringify(email)).not.toContain('od-mention')
  })
})

describe('renderer helpers', () => {
  it('finds the comment of a line', () => {
    const comments = [
      { line: 10, author: 'AI-A', body: 'one' },
      { line: 20, author: 'Rob', body: 'Two' },
    ]
    expect(commentIndexForLine(comments, 5)).toBe(-1)
    expect(commentIndexForLine(comments, 15)).toBe(0)
    expect(commentIndexForLine(comments, 99)).toBe(1)
  })

  it('gives an author a stable colour and initials', () => {
    expect(authorColour('AI-Architect')).toBe(authorColour('ai-architect'))
    expect(authorInitials('AI-Architect')).toBe('AR')
    expect(authorInitials('Rob Smith')).toBe('RS')
  })

  it('keeps the view in the hash', () => {
    const route = { view: 'discussion', path: '/a b/c.md', comment: null } as const
    expect(parseRoute(routeHash(route))).toEqual(route)
    const atComment = { view: 'discussion', path: '/a b/c.md', comment: 12 } as const
    expect(routeHash(atComment)).toBe('#/discussion?path=%2Fa+b%2Fc.md&comment=12')
    expect(parseRoute(routeHash(atComment))).toEqual(atComment)
    expect(parseRoute('#/?folder=%2Fx')).toEqual({ view: 'browser', folder: '/x' })
    expect(parseRoute('')).toEqual({ view: 'browser', folder: null })
  })

  it('filters discussions by status and title', () => {
    const item = (title: string, status: string) => ({
      path: title,
      title,
      status,
      template: null,
      phase: null,
      participants: [],
      comments: 0,
      votes: { READY: 0, CHANGES: 0, REJECT: 0 },
      lastActivity: '',
    })
    const list = [item('Auth', 'OPEN'), item('Payments', 'proposed')]
    expect(filterDiscussions(list, 'PROPOSED', '').map((d) => d.title)).toEqual(['Payments'])
    expect(filterDiscussions(list, 'all', 'AUTH').map((d) => d.title)).toEqual(['Auth'])
  })
})
