import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../../core/discussion/describe.js'
import { discussionStatus } from '../../core/discussion/status.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { previewKind } from './diagrams.js'
import { lostQuestion, restoredNote } from './restore.js'
import { commentStarts, endOffset, readingLines } from './reading.js'
import { summaryView } from './summary.js'
import { clean, fit, wrap } from './text.js'
import { commentMarkdown, osc52, quoteReply } from './comment-actions.js'
import { matchMarker } from '../../core/format/markers.js'
import { commentText } from '../../../test/support/arbitraries.js'
import { applyTurnEvent, progressLine, startProgress, turnFinished } from './turn-progress.js'

const DISCUSSION = [
  '<!-- DISCUSSION -->',
  '<!-- Title: Cache layer -->',
  '<!-- Phase: review -->',
  '<!-- Status: OPEN -->',
  '<!-- Template: feature -->',
  '<!-- Participants: architect, security -->',
  '',
  '# Cache layer',
  '',
  'Should we add a cache?',
  '',
  '---',
  '',
  'Name: AI-Architect',
  '',
  'Yes, in front of the catalog.',
  '',
  'Q: How long do entries live?',
  'DECISION: Redis, not memcached.',
  '',
  'VOTE: READY',
  '',
  '---',
  '',
  'Name: Rob',
  '',
  'CONCERN: \u001b]0;pwned\u0007cost of \u001b[2Jthe cluster',
  'TODO: price it',
  '',
  'VOTE: CHANGES',
  '',
  '---',
  '',
].join('\n')

describe('the reading layout', () => {
  const view = describeDiscussion(parseDiscussion(DISCUSSION))
  const roles = (author: string): string | null =>
    author === 'AI-Architect' ? 'Systems Architect' : 'human'

  it('styles headers, the title, authors with role and vote, markers and votes', () => {
    const lines = readingLines(DISCUSSION, view, 80, roles)
    const styled = (style: string): string[] =>
      lines.filter((line) => line.style === style).map((line) => line.text)
    expect(styled('header')).toContain('Title: Cache layer')
    expect(styled('title')).toEqual(['Cache layer'])
    expect(styled('author')).toEqual([
      '▌ AI-Architect (Systems Architect) · READY',
      '▌ Rob (human) · CHANGES',
    ])
    expect(styled('marker')).toContain('Q: How long do entries live?')
    expect(styled('marker')).toContain('DECISION: Redis, not memcached.')
    expect(styled('vote')).toEqual(['VOTE: READY', 'VOTE: CHANGES'])
    expect(lines.some((line) => line.text.includes('DISCUSSION'))).toBe(false)
  })

  it('knows which comment each line belongs to, and where the newest ends', () => {
    const lines = readingLines(DISCUSSION, view, 80, roles)
    const starts = commentStarts(lines)
    expect(starts).toHaveLength(2)
    expect(lines[starts[1]!]!.comment).toBe(1)
    expect(lines.at(-1)!.comment).toBe(1)
    expect(endOffset(lines, 5)).toBe(lines.length - 5)
    expect(endOffset(lines, 1000)).toBe(0)
  })

  it('never lets escape sequences from the file reach the terminal', () => {
    const lines = readingLines(DISCUSSION, view, 80, roles)
    const concern = lines.find((line) => line.text.startsWith('CONCERN:'))!
    // Each sequence goes whole, its payload too: the title it would set is not shown either.
    expect(concern.text).toBe('CONCERN: cost of the cluster')
    for (const line of lines)
      // eslint-disable-next-line no-control-regex
      expect(line.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/)
  })

  it('wraps to the width', () => {
    const lines = readingLines(DISCUSSION, view, 12, roles)
    for (const line of lines) expect(Array.from(line.text).length).toBeLessThanOrEqual(12)
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four'])
    expect(fit('abcdef', 4)).toBe('abc…')
    expect(fit('ab', 4)).toBe('ab  ')
  })
})

describe('reflowing hand-wrapped prose', () => {
  const text = [
    '<!-- DISCUSSION -->',
    '<!-- Title: Reflow -->',
    '',
    '---',
    '',
    'Name: Rob',
    '',
    'The first paragraph was wrapped',
    'by hand at a narrow width, so it',
    'reads ragged when shown as is.',
    '',
    '- a list item stays',
    '- and so does this one',
    '',
    '```',
    'code   keeps',
    'its    lines',
    '```',
    '    indented code too',
    '> a quote line',
    'Q: is a marker line kept?',
    'A line with a break  ',
    'after it.',
    '',
    '---',
    '',
  ].join('\n')
  const view = describeDiscussion(parseDiscussion(text))
  const body = readingLines(text, view, 70).map((line) => line.text)

  it('joins the lines of a paragraph and wraps them to the width', () => {
    expect(body).toContain('The first paragraph was wrapped by hand at a narrow width, so it reads')
    expect(body).toContain('ragged when shown as is.')
    const narrow = readingLines(text, view, 20).filter((line) => line.comment === 0)
    for (const line of narrow) expect(Array.from(line.text).length).toBeLessThanOrEqual(20)
    const words = narrow.map((line) => line.text).join(' ')
    expect(words).toContain('The first paragraph was wrapped by hand at a narrow width,')
  })

  it('keeps code fences, lists, quotes, indented blocks, markers and line breaks as they are', () => {
    for (const kept of [
      '- a list item stays',
      '- and so does this one',
      'code   keeps',
      'its    lines',
      '    indented code too',
      '> a quote line',
      'Q: is a marker line kept?',
      'A line with a break',
      'after it.',
    ])
      expect(body.map((line) => line.trimEnd())).toContain(kept)
    // Every line of a comment still belongs to it, so `l` reads and `n` jumps as before.
    const lines = readingLines(text, view, 70)
    expect(lines.filter((line) => line.text.startsWith('The first')).map((l) => l.comment)).toEqual(
      [0],
    )
  })
})

describe('the summary', () => {
  it('lists this phase votes, the verdict in words and the open items', () => {
    const view = describeDiscussion(parseDiscussion(DISCUSSION))
    const summary = summaryView(discussionStatus(view, {}))
    expect(summary.votes).toEqual([
      { name: 'AI-Architect', vote: 'READY' },
      { name: 'Rob', vote: 'CHANGES' },
    ])
    expect(summary.verdict).toMatch(/\w/)
    const section = (title: string): string[] =>
      summary.sections.find((entry) => entry.title === title)?.items ?? []
    expect(section('Open questions')).toEqual(['How long do entries live? (AI-Architect)'])
    expect(section('Decisions')).toEqual(['Redis, not memcached. (AI-Architect)'])
    expect(section('Actions')).toEqual(['price it (Rob)'])
    expect(section('Concerns')).toHaveLength(1)
  })
})

describe('a turn in progress', () => {
  it('follows each persona from queued to done or failed', () => {
    let progress = startProgress(['architect', 'security'])
    expect(progress.personas.map((p) => p.state)).toEqual(['queued', 'queued'])
    progress = applyTurnEvent(progress, { type: 'started', participant: 'architect' })
    progress = applyTurnEvent(progress, {
      type: 'text',
      participant: 'architect',
      delta: 'Hel',
      comment: 'Hel',
    })
    expect(progress.personas[0]).toMatchObject({ state: 'streaming', text: 'Hel' })
    progress = applyTurnEvent(progress, {
      type: 'done',
      participant: 'architect',
      author: 'AI-Architect',
      vote: 'READY',
      provider: 'scripted',
      durationMs: 1200,
      usage: { inputTokens: 800, outputTokens: 30, estimated: false },
      costUsd: 0.0021,
      line: 40,
      note: null,
    })
    expect(progressLine(progress.personas[0]!)).toBe(
      '@architect  done · READY · 1.2s · 830 tok · $0.0021',
    )
    expect(turnFinished(progress)).toBe(false)
    progress = applyTurnEvent(progress, {
      type: 'failed',
      participant: 'security',
      reason: 'quota exceeded',
    })
    expect(progressLine(progress.personas[1]!)).toBe('@security  failed · quota exceeded')
    expect(turnFinished(progress)).toBe(true)
  })

  it('adds someone the events name who was not listed', () => {
    const progress = applyTurnEvent(startProgress([]), { type: 'queued', participant: 'x' })
    expect(progress.personas.map((p) => p.alias)).toEqual(['x'])
  })
})

describe('diagram previews', () => {
  it('draws sequence and component diagrams, shows class, activity and Mermaid as source', () => {
    expect(previewKind('a.puml', '@startuml\nA -> B: hi\n@enduml')).toBe('text-art')
    expect(previewKind('a.puml', '@startuml\nclass User\n@enduml')).toBe('source')
    expect(previewKind('a.puml', '@startuml\nstart\n:work;\nstop\n@enduml')).toBe('source')
    expect(previewKind('a.mmd', 'graph TD; A-->B')).toBe('source')
  })
})

describe('what is said when another program saved over the file', () => {
  const phase = { at: 2, from: 'detailed_review', to: 'consensus_vote', current: 'detailed_review' }
  const base = { path: '/work/x/cache.md', key: 'k' }

  it('says what is gone and which keys answer', () => {
    const lines = lostQuestion({
      ...base,
      authors: ['AI-Architect', 'Rob'],
      phase: { ...phase, restored: true },
    })
    expect(lines[0]).toBe(
      'cache.md was saved over from an older copy by another program; gone from it: 2 comments (AI-Architect, Rob) and the move from detailed review to consensus vote.',
    )
    expect(lines.at(-1)).toMatch(/^y restores them from the journal .* n leaves the file as it is$/)
  })

  it('offers nothing to restore for a phase change the file has moved on from', () => {
    const lines = lostQuestion({
      ...base,
      authors: [],
      phase: { ...phase, current: 'implementation', restored: false },
    })
    expect(lines.join(' ')).toContain(
      'The phase is now implementation, so the move is not made again',
    )
    expect(lines.join(' ')).not.toContain('y restores')
  })

  it('says what restoring did', () => {
    expect(restoredNote({ ...base, authors: ['Rob'], phase: null })).toBe(
      'Restored from the journal: 1 comment (Rob) appended again. Reload any editor before saving again.',
    )
    expect(restoredNote({ ...base, authors: [], phase: null })).toMatch(/Nothing was missing/)
  })
})

/** Wrapping by code points, as `wrap` did before it cut lines by index: the reference. */
function wrapByCodePoints(line: string, width: number): string[] {
  const chars = Array.from(clean(line))
  if (chars.length <= width) return [chars.join('')]
  const out: string[] = []
  let start = 0
  while (chars.length - start > width) {
    let cut = chars.lastIndexOf(' ', start + width)
    if (cut <= start) cut = start + width
    out.push(chars.slice(start, cut).join('').trimEnd())
    start = cut
    while (chars[start] === ' ') start++
  }
  if (start < chars.length) out.push(chars.slice(start).join(''))
  return out
}

describe('wrap (properties)', () => {
  it('cuts any line as the code-point reference does, with or without surrogate pairs', () => {
    const word = fc.oneof(
      fc.constantFrom(' ', '  ', '😀', 'é', '\t'),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (parts, width) => {
          const line = parts.join('')
          expect(wrap(line, width)).toEqual(wrapByCodePoints(line, width))
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('comment actions', () => {
  const comment = {
    author: 'AI-Architect',
    body: 'Use Redis.\n\nQ: Which TTL?\u001b]52;c;evil\u0007',
    vote: 'CHANGES' as const,
    mentions: [],
    line: 10,
    closed: true,
    current: true,
    usage: null,
    skipped: null,
  }

  it('copies a comment as markdown through OSC 52, base64 so nothing in it escapes', () => {
    expect(commentMarkdown(comment)).toMatch(
      /^### AI-Architect\n\nUse Redis\.[\s\S]*VOTE: CHANGES\n$/,
    )
    const sequence = osc52(commentMarkdown(comment))
    expect(sequence.startsWith('\u001b]52;c;')).toBe(true)
    expect(sequence.endsWith('\u0007')).toBe(true)
    expect(sequence.slice('\u001b]52;c;'.length, -1)).toMatch(/^[A-Za-z0-9+/=]+$/)
    const payload = sequence.slice('\u001b]52;c;'.length, -1)
    expect(Buffer.from(payload, 'base64').toString('utf8')).toBe(commentMarkdown(comment))
  })

  it('quotes no line as a marker the replier would then raise or vote', () => {
    fc.assert(
      fc.property(commentText, (body) => {
        const reply = quoteReply({ ...comment, body })
        for (const line of reply.split('\n')) expect(matchMarker(line)).toBeNull()
      }),
      { numRuns: 300 },
    )
    expect(quoteReply({ ...comment, body: 'Fine.\nVOTE: REJECT' })).toContain(
      '> AI-Architect: VOTE: REJECT',
    )
  })

  it('quotes each line of a comment for a reply that names its author', () => {
    expect(quoteReply({ ...comment, body: 'One.\n\nTwo.' })).toBe(
      '@architect wrote:\n> One.\n>\n> Two.\n\n',
    )
  })
})
