/**
 * Text goes in verbatim: every template a person's or a model's text is put into gives that text
 * back exactly, whatever `$` patterns (`$$`, `$&`, `` $` ``, `$'`, `$1`, `$<name>`) or other
 * templates' placeholders it holds.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { renderCouncilDiscussion } from '../council/council-file.js'
import { renderPrompt } from '../council/prompts.js'
import { resolveCouncilOptions } from '../council/modes.js'
import { renderNewDebate } from '../debate/create.js'
import { DEFAULT_SETTINGS } from '../debate/model.js'
import { debatePrompt } from '../debate/prompts.js'
import { readDebate } from '../debate/read-state.js'
import { renderNewDiscussion } from '../discussion/create.js'
import { describeDiscussion } from '../discussion/describe.js'
import { summaryPrompt } from '../discussion/summary.js'
import { parseDiscussion } from '../format/parse.js'
import { demoAnswer } from '../providers/demo.js'
import { buildPrompt } from '../turns/prompt.js'
import { admitName, admitText } from '../text/text.js'
import { fillPlaceholders } from './fill-placeholders.js'

const DOLLAR_PATTERNS = ['$$', '$&', '$`', "$'", '$1', '$0', '$<x>', '$', '$$$']
const PLACEHOLDERS = ['{title}', '{context}', '{topic}', '{{question}}', '{{ material }}']
const SAFE = [...'abcXYZ019.,;:^*()[]|/\\"\'#@!?%+=']

/** One line of text, starting with a letter (so never a marker or a fence), full of `$`. */
const dollarText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...DOLLAR_PATTERNS),
      fc.constantFrom(...PLACEHOLDERS),
      fc.string({ unit: fc.constantFrom(...SAFE), maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => `x${parts.join('')}`)

/** Several such lines, for multi-line contexts and discussion text. */
const dollarLines = fc.array(dollarText, { minLength: 1, maxLength: 4 }).map((l) => l.join('\n'))

const CREATED = new Date('2026-11-23T10:00:00Z')

function newDiscussion(title: string, context: string, skeleton: string | null = null): string {
  return renderNewDiscussion({
    title: admitName(title),
    template: admitText('feature'),
    phase: admitText('initial_feedback'),
    status: admitText('OPEN'),
    participants: [admitText('architect')],
    context: admitText(context),
    created: CREATED,
    skeleton: skeleton === null ? null : admitText(skeleton),
  })
}

describe('text goes in verbatim', () => {
  it('fillPlaceholders puts any value in as written and never re-reads it', () => {
    fc.assert(
      fc.property(dollarText, dollarText, (a, b) => {
        expect(fillPlaceholders('<{a}|{b}|{c}>', { a, b })).toBe(`<${a}|${b}|{c}>`)
      }),
    )
  })

  it('a new discussion carries its title and context as written', () => {
    fc.assert(
      fc.property(dollarText, dollarLines, (title, context) => {
        const text = newDiscussion(title, context)
        expect(text).toContain(`<!-- Title: ${title} -->`)
        expect(text).toContain(`# ${title}\n`)
        expect(text).toContain(`\n${context}\n`)
        const withSkeleton = newDiscussion(title, context, '# T: {title}\n\n{context}\n\n{other}\n')
        expect(withSkeleton).toContain(`# T: ${title}\n\n${context}\n\n{other}\n`)
      }),
    )
  })

  it('the reported context comes back whole', () => {
    const context = "Price is $$5; regex ^a.*$; quote $'tail"
    expect(newDiscussion('T', context)).toContain(`\n${context}\n`)
    expect(newDiscussion('About {context}', 'C')).toContain('# About {context}\n')
  })

  it('a new debate and a new council keep their context and question as written', () => {
    fc.assert(
      fc.property(dollarText, dollarLines, (title, context) => {
        const debate = renderNewDebate({
          title: admitName(title),
          context: admitText(context),
          participants: [{ alias: 'architect', weight: 1 }],
          settings: DEFAULT_SETTINGS,
          created: CREATED,
        })
        expect(debate).toContain(`\n${context}\n`)
        expect(debate).toMatch(/<!-- Participants: architect -->\n<!-- Weights: /)
        const council = renderCouncilDiscussion(
          {
            question: admitText(`${title}\n${context}`),
            options: resolveCouncilOptions({}),
            provider: null,
          },
          CREATED,
        )
        expect(council).toContain(`${title}\n${context}`)
      }),
    )
  })

  it('turn, debate, council and summary prompts carry the text as written', () => {
    const persona = {
      name: 'AI-Architect',
      alias: 'architect',
      role: 'Systems Architect',
      personality: 'You are Chen.',
      expertise: [],
      concerns: [],
      type: 'voting' as const,
      provider_hint: null,
    }
    fc.assert(
      fc.property(dollarText, dollarLines, dollarText, (title, context, callout) => {
        const text = newDiscussion(title, context)
        const parsed = parseDiscussion(text)
        const turn = buildPrompt({
          persona,
          phase: null,
          text,
          parsed,
          view: describeDiscussion(parsed),
          callout,
          boundary: 'BOUNDARY-0',
        })
        expect(turn).toContain(context)
        expect(turn).toContain(callout)
        expect(summaryPrompt(text, 'B')).toContain(text.trimEnd())
        expect(
          renderPrompt('Q: {{question}}\n{{ material }}', { question: title, material: context }),
        ).toBe(`Q: ${title}\n${context}\n`)

        const debateFile = renderNewDebate({
          title: admitName(title),
          context: admitText(context),
          participants: [{ alias: 'architect', weight: 1 }],
          settings: DEFAULT_SETTINGS,
          created: CREATED,
        })
        const state = readDebate(parseDiscussion(debateFile))
        const round = {
          number: 1,
          candidates: [],
          critics: [],
          critiques: [],
          defenses: [],
          ballots: [],
          absences: [],
          result: null,
        }
        const prompt = debatePrompt({ state, round, phase: 'propose', persona, context })
        expect(prompt).toContain(context)
      }),
    )
  })

  it('the demo provider quotes the title as written', () => {
    fc.assert(
      fc.property(
        dollarText.filter((t) => t.length <= 80),
        (title) => {
          const answer = demoAnswer({
            prompt: `# ${title}\n\nsome text`,
            persona: { alias: 'architect', name: 'AI-Architect', role: 'r', type: 'voting' },
          })
          const comment = (JSON.parse(answer) as { comment: string }).comment
          expect(comment).toContain(`"${title}"`)
        },
      ),
      { numRuns: 200 },
    )
  })
})
