// Mentions come from prose only, whatever surrounds them: a name written in a code span, a fenced
// block or a diagram block (fenced or bare `@start…`/`@end…`) never asks anyone, a name no persona
// answers to never asks anyone, and a callout is read exactly as a comment is.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../discussion/describe.js'
import { mentionsInProse } from '../format/markers.js'
import { parseDiscussion } from '../format/parse.js'
import { routeMentions } from './route.js'

const PERSONAS = ['architect', 'security', 'pragmatist', 'visualizer']
const HIDDEN = ['ghost', 'phantom', 'shade']
const isPersona = (alias: string): boolean => PERSONAS.includes(alias)

const filler = fc.constantFrom('', 'Plain words here.', 'Q: who decides?', 'mail rob@example.com')
const prose = fc
  .tuple(filler, fc.constantFrom(...PERSONAS, 'rob', 'all'), filler)
  .map(([before, alias, after]) => ({ text: `${before} @${alias} ${after}`.trim(), alias }))

/** Text where a mention is content, not an address: each hides one alias. */
const hidden = fc
  .tuple(fc.constantFrom(...HIDDEN), fc.integer({ min: 0, max: 6 }))
  .map(
    ([alias, shape]) =>
      [
        `Run \`notify @${alias}\` to page them.`,
        `\`\`\`\nping @${alias}\n\`\`\``,
        `~~~sh\n  echo @${alias}\n~~~`,
        `@startuml\nAlice -> Bob : ask @${alias}\n@enduml`,
        `  @startmindmap\n* @${alias}\n  @endmindmap`,
        `\`\`\`plantuml\n@startuml\nnote: @${alias}\n@enduml\n\`\`\``,
        `@startuml\n@${alias} -> @architect\n@enduml`,
      ][shape] ?? '',
  )

const piece = fc.oneof(
  prose.map((p) => ({ text: p.text, said: [p.alias] })),
  hidden.map((text) => ({ text, said: [] as string[] })),
)
const body = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => ({
  text: pieces.map((p) => p.text).join('\n\n'),
  said: [...new Set(pieces.flatMap((p) => p.said))],
}))

const discussion = (comment: string): string =>
  [
    '<!-- DISCUSSION -->',
    '<!-- Title: T -->',
    '<!-- Participants: architect, security -->',
    '',
    '---',
    '',
    'Name: Rob',
    comment,
    '',
    '---',
    '',
  ].join('\n')

describe('mentions from prose only', () => {
  it('a comment names exactly the aliases of its prose, and a callout reads the same', () => {
    fc.assert(
      fc.property(body, ({ text, said }) => {
        const [comment] = parseDiscussion(discussion(text)).comments
        expect(new Set(comment?.mentions)).toEqual(new Set(said))
        expect(new Set(mentionsInProse(text))).toEqual(new Set(said))
        for (const alias of [...HIDDEN, 'startuml', 'enduml', 'startmindmap', 'endmindmap'])
          expect(comment?.mentions).not.toContain(alias)
      }),
    )
  })

  it('routing asks only personas, from a comment or a callout alike', () => {
    fc.assert(
      fc.property(body, body, ({ text }, callout) => {
        const view = describeDiscussion(parseDiscussion(discussion(text)))
        const fromComment = routeMentions(view, { isPersona })
        const fromCallout = routeMentions(view, { isPersona, callout: callout.text })
        for (const route of [fromComment, fromCallout]) {
          if (route.source === 'participants') continue
          for (const alias of route.next) expect(isPersona(alias)).toBe(true)
          for (const alias of HIDDEN) expect(route.next).not.toContain(alias)
        }
        const asked = callout.said.flatMap((alias) =>
          alias === 'all' ? view.participants : [alias],
        )
        const expected = [...new Set(asked.filter(isPersona))]
        if (expected.length > 0) {
          expect(fromCallout.source).toBe('callout')
          expect(new Set(fromCallout.next)).toEqual(new Set(expected))
        } else expect(fromCallout.source).not.toBe('callout')
      }),
    )
  })
})
