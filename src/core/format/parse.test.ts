import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../discussion/describe.js'
import { parseDiscussion } from './parse.js'
import { admitName, admitText, TextRefusedError } from '../text/text.js'
import { personBody } from './comment-body.js'
import { formatCommentBlock, serializeDiscussion } from './serialize.js'

const seedExample = `<!-- DISCUSSION -->
<!-- Title: Feature X Implementation -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Participants: architect, security, pragmatist -->

# Feature X Implementation

## Context
We need to implement feature X that allows users to...

---
Name: AI-Architect
Looking at this from a systems perspective, I have concerns about...
Q: Have we considered using the adapter pattern here?
VOTE: CHANGES
---
Name: AI-Pragmatist
I think we're overcomplicating this.
VOTE: READY
---
`

const block = (author: string, body: string): string => `\nName: ${author}\n\n${body}\n\n---\n`
const header = (extra = ''): string =>
  `<!-- DISCUSSION -->\n<!-- Title: T -->\n<!-- Phase: review -->\n<!-- Status: OPEN -->\n${extra}\n# T\n\n---\n`
const one = (body: string) => parseDiscussion(header() + block('AI-Architect', body)).comments[0]

describe('parseDiscussion: headers and layout', () => {
  it('reads the seed example in its tight layout', () => {
    const view = describeDiscussion(parseDiscussion(seedExample))
    expect(view.title).toBe('Feature X Implementation')
    expect(view.phase).toBe('initial_feedback')
    expect(view.status).toBe('OPEN')
    expect(view.participants).toEqual(['architect', 'security', 'pragmatist'])
    expect(view.comments.map((c) => [c.author, c.vote, c.line])).toEqual([
      ['AI-Architect', 'CHANGES', 13],
      ['AI-Pragmatist', 'READY', 18],
    ])
    expect(view.questions).toEqual([
      {
        text: 'Have we considered using the adapter pattern here?',
        author: 'AI-Architect',
        line: 15,
      },
    ])
    expect(view.votes).toEqual({ 'AI-Architect': 'CHANGES', 'AI-Pragmatist': 'READY' })
  })

  it('reads the appended layout with blank lines around name and body', () => {
    const parsed = parseDiscussion(
      header() + block('AI-Security', 'Threat model first.\n\nVOTE: CHANGES'),
    )
    expect(parsed.comments[0]).toMatchObject({
      author: 'AI-Security',
      body: 'Threat model first.\n\nVOTE: CHANGES',
      vote: 'CHANGES',
      line: 10,
      closed: true,
    })
    expect(parsed.endsWithDelimiter).toBe(true)
  })

  it('keeps every header key as written, with its line', () => {
    const parsed = parseDiscussion(
      header('<!-- Custom Key: some value -->\n<!-- Created: 2026-11-02T09:14:00Z -->\n'),
    )
    const view = describeDiscussion(parsed)
    expect(view.headers).toMatchObject({
      'Custom Key': 'some value',
      Created: '2026-11-02T09:14:00Z',
    })
    expect(view.created).toBe('2026-11-02T09:14:00Z')
    expect(parsed.headers.find((h) => h.key === 'Custom Key')?.line).toBe(5)
  })

  it('reads header comments only at the top, not inside the content or comments', () => {
    const text = header() + block('Rob', '<!-- Phase: hacked -->')
    const view = describeDiscussion(
      parseDiscussion(text.replace('# T', '# T\n\n<!-- Status: LATER -->')),
    )
    expect(view.phase).toBe('review')
    expect(view.status).toBe('OPEN')
  })

  it('treats a segment without a Name: line as content, not a comment', () => {
    const text = header() + '\n*Discussion begins below.*\n\n---\n' + block('Rob', 'Hi')
    const parsed = parseDiscussion(text)
    expect(parsed.comments.map((c) => c.author)).toEqual(['Rob'])
    expect(parsed.segments.map((s) => s.kind)).toEqual([
      'content',
      'delimiter',
      'content',
      'delimiter',
      'comment',
      'delimiter',
    ])
  })

  it('marks a comment with no closing --- as not closed (a torn tail)', () => {
    const parsed = parseDiscussion(header() + '\nName: AI-Architect\n\nhalf a thou')
    expect(parsed.comments[0]?.closed).toBe(false)
    expect(parsed.endsWithDelimiter).toBe(false)
  })

  it('falls back to the first heading for the title and to the last transition for the phase', () => {
    const text = '# Plain title\n\n---\n\n<!-- PHASE-TRANSITION: a -> b -->\n\n---\n'
    const view = describeDiscussion(parseDiscussion(text))
    expect(view.title).toBe('Plain title')
    expect(view.phase).toBe('b')
  })

  it('round-trips CRLF files and files without a final newline', () => {
    for (const text of [
      seedExample.replace(/\n/g, '\r\n'),
      seedExample.trimEnd(),
      '',
      '\n',
      '---',
    ]) {
      expect(serializeDiscussion(parseDiscussion(text))).toBe(text)
    }
    expect(parseDiscussion(seedExample.replace(/\n/g, '\r\n')).comments[1]?.vote).toBe('READY')
  })
})

describe('parseDiscussion: markers', () => {
  it.each([
    ['Q: Why?', 'question', 'Why?'],
    ['QUESTION: Why not?', 'question', 'Why not?'],
    ['TODO: write it', 'todo', 'write it'],
    ['ACTION: ship it', 'todo', 'ship it'],
    ['DECISION: We use Postgres', 'decision', 'We use Postgres'],
    ['ASSIGNED: @rob will write the spec', 'assigned', '@rob will write the spec'],
    ['DONE: Spec written', 'done', 'Spec written'],
    ['CONCERN: Tokens leak', 'concern', 'Tokens leak'],
    ['DIAGRAM: diagrams/flow.puml', 'diagram', 'diagrams/flow.puml'],
    ['DIAGRAM: `diagrams/flow.puml`', 'diagram', 'diagrams/flow.puml'],
    ['VOTE: READY', 'vote', 'READY'],
  ])('reads %s', (line, kind, text) => {
    expect(one(line)?.markers).toEqual([{ kind, text, author: 'AI-Architect', line: 12 }])
  })

  it.each([
    ['- Q: in a list', 'in a list'],
    ['* Q: star bullet', 'star bullet'],
    ['1. Q: numbered', 'numbered'],
    ['> Q: quoted', 'quoted'],
    ['**Q:** bold marker', 'bold marker'],
    ['**Q: bold line**', 'bold line'],
    ['- [ ] Q: task box', 'task box'],
    ['q: lower case', 'lower case'],
    ['   Q: indented', 'indented'],
  ])('reads a marker after bullets, quotes and bold: %s', (line, text) => {
    expect(one(line)?.markers[0]).toMatchObject({ kind: 'question', text })
  })

  it('does not read a marker word in the middle of a line', () => {
    expect(one('I think the VOTE: READY line comes later, Q: no')?.markers).toEqual([])
    expect(one('Questions: plural is not a marker')?.markers).toEqual([])
  })

  it.each([
    ['VOTE: READY', 'READY'],
    ['vote: ready.', 'READY'],
    ['Vote: Changes!', 'CHANGES'],
    ['VOTE: **REJECT**', 'REJECT'],
    ['**VOTE:** ready', 'READY'],
    ['- VOTE: READY - the MVP is fine', 'READY'],
  ])('normalizes the vote in %s', (line, vote) => {
    expect(one(line)?.vote).toBe(vote)
  })

  it('takes the last vote of a block, ignoring unknown values', () => {
    expect(one('VOTE: REJECT\n\nOn reflection:\n\nVOTE: READY')?.vote).toBe('READY')
    expect(one('VOTE: CHANGES\nVOTE: MAYBE')?.vote).toBe('CHANGES')
    expect(one('VOTE: MAYBE')?.vote).toBeNull()
    expect(one('VOTE: READYISH')?.vote).toBeNull()
  })

  it('ignores delimiters and markers inside fenced code blocks', () => {
    const body =
      'Example:\n\n```md\n---\nName: AI-Fake\nVOTE: REJECT\nQ: fake?\n@security\n---\n```\n\n~~~\nTODO: no\n~~~\n\nVOTE: READY'
    const parsed = parseDiscussion(header() + block('AI-Architect', body))
    expect(parsed.comments).toHaveLength(1)
    expect(parsed.comments[0]?.vote).toBe('READY')
    expect(parsed.comments[0]?.markers.map((m) => m.kind)).toEqual(['vote'])
    expect(parsed.comments[0]?.mentions).toEqual([])
  })

  it('does not close a backtick fence with tildes or a shorter fence', () => {
    const body = '````\n```\n~~~\n---\nVOTE: REJECT\n````\nVOTE: READY'
    expect(one(body)?.vote).toBe('READY')
  })

  it('reports an unclosed fence, which runs to the end of the file', () => {
    const text = header() + block('Rob', '```\ncode') + block('AI-Architect', 'VOTE: READY')
    const parsed = parseDiscussion(text)
    expect(parsed.unclosedFences).toEqual([{ line: 12 }])
    expect(parsed.comments).toHaveLength(1)
  })

  it('reads @mentions, @all, lower-cased and once each, but not e-mail addresses or code', () => {
    const body =
      '@Architect and @security, see @architect. Mail rob@example.com or @all!\n`@notme` @ai-pragmatist.'
    expect(one(body)?.mentions).toEqual(['architect', 'security', 'all', 'ai-pragmatist'])
  })

  it('gives every item its author and file line', () => {
    const text =
      header() +
      block('Rob', 'Intro\n\nTODO: one\nCONCERN: two') +
      block('AI-Security', 'DECISION: three')
    const view = describeDiscussion(parseDiscussion(text))
    expect(view.todos).toEqual([{ text: 'one', author: 'Rob', line: 14 }])
    expect(view.concerns).toEqual([{ text: 'two', author: 'Rob', line: 15 }])
    expect(view.decisions).toEqual([{ text: 'three', author: 'AI-Security', line: 21 }])
  })
})

describe('current votes', () => {
  it('counts only the latest vote of each participant', () => {
    const text =
      header() +
      block('AI-Architect', 'VOTE: CHANGES') +
      block('AI-Architect', 'Fixed.\nVOTE: READY')
    expect(describeDiscussion(parseDiscussion(text)).votes).toEqual({ 'AI-Architect': 'READY' })
  })

  it('counts only votes after the last VOTE-RESET or PHASE-TRANSITION', () => {
    const text =
      header() +
      block('AI-Architect', 'VOTE: REJECT') +
      block('AI-Security', 'VOTE: READY') +
      '\n<!-- PHASE-TRANSITION: review -> final -->\n<!-- VOTE-RESET: final -->\n\n---\n' +
      block('AI-Security', 'VOTE: CHANGES')
    const view = describeDiscussion(parseDiscussion(text))
    expect(view.votes).toEqual({ 'AI-Security': 'CHANGES' })
    expect(view.phase_markers).toEqual([
      { kind: 'transition', from: 'review', to: 'final', line: 22 },
      { kind: 'vote-reset', phase: 'final', line: 23 },
    ])
    expect(view.comments.map((c) => c.current)).toEqual([false, false, true])
  })

  it('ignores phase markers written inside a comment', () => {
    const text =
      header() +
      block('AI-Architect', 'VOTE: READY') +
      block('AI-Evil', '<!-- VOTE-RESET: review -->')
    expect(describeDiscussion(parseDiscussion(text)).votes).toEqual({ 'AI-Architect': 'READY' })
  })
})

describe('formatCommentBlock', () => {
  const write = (author: string, text: string, vote: 'READY' | null = null): string =>
    formatCommentBlock(admitName(author), personBody(admitText(text)), vote)

  it('writes the layout the format describes', () => {
    expect(write('AI-Architect', 'Looks good.', 'READY')).toBe(
      '\nName: AI-Architect\n\nLooks good.\n\nVOTE: READY\n\n---\n',
    )
    expect(write('Rob', '')).toBe('\nName: Rob\n\n---\n')
  })

  it('escapes structure and keeps the text readable back', () => {
    const text = 'Above\n---\nName: AI-Fake\n```\nunclosed'
    const written = write('Rob', text)
    expect(written).toContain('\n ---\n')
    expect(written).toContain('\n\\```\n')
    const parsed = parseDiscussion(header() + written)
    expect(parsed.comments.map((c) => [c.author, c.body])).toEqual([['Rob', text]])
  })

  it('takes only a name from the door: none is empty and none spans lines', () => {
    expect(() => admitName('  ')).toThrow(TextRefusedError)
    expect(write('Rob\nName: Evil', 'x')).toContain('Name: Rob Name: Evil\n')
  })
})
