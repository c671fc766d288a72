import fc from 'fast-check'

/** Lines that look like discussion structure, mixed with arbitrary text, to stress the parser. */
const structuralLine = fc.constantFrom(
  '---',
  '--- ',
  ' ---',
  '  ---',
  '----',
  'Name: AI-Architect',
  'name: Rob',
  'Name:',
  'VOTE: READY',
  'vote: reject.',
  '**VOTE:** changes',
  '- Q: why?',
  '> TODO: write it',
  'DECISION: yes',
  'DIAGRAM: diagrams/a.puml',
  '```',
  '```js',
  '~~~',
  '````',
  '\\```',
  '\\\\~~~',
  '<!-- DISCUSSION -->',
  '<!-- Title: T -->',
  '<!-- Phase: review -->',
  '<!-- PHASE-TRANSITION: a -> b -->',
  '<!-- VOTE-RESET: b -->',
  '@all please',
  'mail rob@example.com',
  '',
  '   ',
)

export const anyLine = fc.oneof(
  { weight: 3, arbitrary: structuralLine },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
)

/** Arbitrary text built from lines, with LF, CRLF or lone CR endings and any final newline. */
export const discussionLikeText = fc
  .tuple(fc.array(anyLine, { maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
  .map(([lines, eol, final]) => lines.join(eol) + (final ? eol : ''))

/** Comment text: multi-line, LF only (the writer normalizes CRLF), structure-heavy. */
export const commentText = fc.array(anyLine, { maxLength: 25 }).map((lines) => lines.join('\n'))
