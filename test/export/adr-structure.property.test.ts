// Whatever a discussion holds (headings, fences left open, `---`, `<!--`, YAML in names, line
// breaks of every kind), the ADRs made from it keep their own structure: MADR's front matter
// reads back as exactly its keys and values, each flavour's sections are exactly its own and in
// its order, and nothing in the discussion's text swallows what follows it (the link back to the
// discussion is always the last thing a markdown reader sees).
import fc from 'fast-check'
import type { Heading, Root, RootContent } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'

import { renderAdrTools } from '../../src/core/export/adr-tools.js'
import { buildDecisionRecord } from '../../src/core/export/decision-record.js'
import type { DecisionRecord } from '../../src/core/export/decision-record.js'
import { renderLog4brains } from '../../src/core/export/log4brains.js'
import { renderMadr } from '../../src/core/export/madr.js'
import { oneLine } from '../../src/core/export/markdown-text.js'
import { VOTE_VALUES } from '../../src/core/format/model.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { commentText } from '../support/arbitraries.js'
import { bundledTemplate, discussionText } from './discussion-texts.js'
import type { DiscussionText, Said } from './discussion-texts.js'

const markdown = unified().use(remarkParse).use(remarkGfm)
const tree = (text: string): Root => markdown.parse(text)

const toText = (node: RootContent): string =>
  'value' in node && typeof node.value === 'string'
    ? node.value
    : 'children' in node
      ? (node.children as RootContent[]).map(toText).join('')
      : ''

/** The headings of depth 1 and 2, as `# text` / `## text`. */
const outline = (root: Root): string[] =>
  root.children
    .filter((node): node is Heading => node.type === 'heading' && node.depth <= 2)
    .map((node) => `${'#'.repeat(node.depth)} ${toText(node)}`)

/** A heading line as markdown reads it (`# a\\:` reads `# a:`). */
const heading = (line: string): string => outline(tree(line))[0] ?? line

const lastText = (root: Root): string => {
  const last = root.children.at(-1)
  return last ? toText(last) : ''
}

const hostileLine = fc.constantFrom(
  '# A heading',
  '## Decision Outcome',
  'Setext heading',
  '===',
  '---',
  '```',
  '~~~~',
  '<!-- never closed',
  '<script>',
  '<pre>',
  '<?php',
  '<![CDATA[',
  '* item',
  '+ item',
  '- [ ] task',
  '> quoted',
  'status: rejected',
  '"quoted" \\ back',
  'line\u2028separator',
  'carriage\rreturn',
)
const text = fc
  .array(fc.oneof(hostileLine, fc.string({ maxLength: 20 }), commentText), { maxLength: 8 })
  .map((lines) => lines.join('\n'))
const name = fc
  .oneof(
    fc.constantFrom('Rob', 'AI-Architect', 'AI-Security', 'Bot-Debate', 'Ann: "x"', '- [a, b]'),
    fc.string({ minLength: 1, maxLength: 12 }),
  )
  .filter((n) => oneLine(n) !== '' && !n.includes('-->'))
const said: fc.Arbitrary<Said> = fc.record({
  author: name,
  text,
  vote: fc.constantFrom(null, ...VOTE_VALUES),
})
const discussion: fc.Arbitrary<DiscussionText> = fc.record({
  title: fc.string({ maxLength: 40 }).filter((t) => !/[\n\r\u0085\u2028\u2029]|-->/.test(t)),
  template: fc.constant('feature'),
  phase: fc.constantFrom('consensus_vote', 'initial_feedback'),
  context: text,
  thread: fc.array(said, { maxLength: 4 }),
})

const FEATURE = bundledTemplate('feature')
/** Each case reads its ADR with a full CommonMark parser (some 15 ms): 250 a flavour by default. */
const RUNS = { numRuns: Number(process.env.FC_NUM_RUNS ?? 250) }

function recordOf(d: DiscussionText): DecisionRecord {
  return buildDecisionRecord({
    parsed: parseDiscussion(discussionText(d)),
    template: FEATURE,
    consensus: { human_required: true },
    date: '2026-11-02',
    source: '../../discussions/a (draft).md',
  })
}

describe('ADRs keep their structure whatever the discussion says', () => {
  it('MADR: front matter reads back exactly; sections are MADR 4.0.0 ones, in order', () => {
    fc.assert(
      fc.property(discussion, (d) => {
        const record = recordOf(d)
        const adr = renderMadr(record)
        const end = adr.indexOf('\n---\n', 4)
        expect(adr.startsWith('---\n')).toBe(true)
        const front = parseYaml(adr.slice(4, end)) as Record<string, unknown>
        expect(front).toEqual({
          status: record.status,
          date: '2026-11-02',
          ...(record.decisionMakers.length > 0
            ? { 'decision-makers': record.decisionMakers.map(oneLine) }
            : {}),
          ...(record.consulted.length > 0 ? { consulted: record.consulted.map(oneLine) } : {}),
        })
        const body = tree(adr.slice(end + 5))
        expect(outline(body)).toEqual([
          heading(`# ${oneLine(record.title)}`),
          '## Context and Problem Statement',
          '## Considered Options',
          '## Decision Outcome',
          '## More Information',
        ])
        expect(lastText(body)).toMatch(/^Discussion: a \(draft\)\.md$/)
      }),
      RUNS,
    )
  })

  it('adr-tools: `# N. Title` on line 1, the status word alone in Status, its four sections', () => {
    fc.assert(
      fc.property(discussion, fc.integer({ min: 1, max: 9999 }), (d, number) => {
        const record = recordOf(d)
        const adr = renderAdrTools(record, number)
        expect(adr.split('\n')[0]).toBe(`# ${number}. ${oneLine(record.title)}`)
        const root = tree(adr)
        expect(outline(root)).toEqual([
          heading(`# ${number}. ${oneLine(record.title)}`),
          '## Status',
          '## Context',
          '## Decision',
          '## Consequences',
        ])
        const status = root.children.findIndex(
          (n) => n.type === 'heading' && toText(n) === 'Status',
        )
        const word = root.children[status + 1]
        expect(word ? toText(word) : '').toBe(
          record.status[0]?.toUpperCase() + record.status.slice(1),
        )
        expect(root.children[status + 2]?.type).toBe('heading')
        expect(lastText(root)).toMatch(/^Discussion: a \(draft\)\.md$/)
      }),
      RUNS,
    )
  })

  it('log4brains: bullets of metadata under the title, no front matter, its sections', () => {
    fc.assert(
      fc.property(discussion, (d) => {
        const record = recordOf(d)
        const adr = renderLog4brains(record)
        expect(adr.startsWith(`# ${oneLine(record.title)}\n\n- Status: ${record.status}\n`)).toBe(
          true,
        )
        const root = tree(adr)
        const metadata = root.children[1]
        expect(metadata?.type).toBe('list')
        const items = metadata ? toText(metadata) : ''
        expect(items).toContain(`Date: 2026-11-02`)
        const sections = outline(root).filter((h) => h !== '## More Information')
        expect(sections).toEqual([
          heading(`# ${oneLine(record.title)}`),
          '## Context and Problem Statement',
          '## Considered Options',
          '## Decision Outcome',
          '## Links',
        ])
        expect(lastText(root)).toMatch(/^Discussion: a \(draft\)\.md$/)
      }),
      RUNS,
    )
  })
})
