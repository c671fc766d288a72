/**
 * Deterministic comment bodies for the store tests: every id gives the same text, mixing plain
 * text, multi-byte characters and lines that would read as structure if they were not escaped.
 */
const PIECES = [
  'Plain words about the design.',
  'Ünïcödé, 中文, emoji 🚀🔥 and a right-to-left word: שלום',
  '---',
  'Name: AI-Impostor',
  '```ts\nconst x = 1\n---\nVOTE: REJECT\n```',
  '```\nan unclosed fence',
  '<!-- PHASE-TRANSITION: a -> b -->',
  'Q: does this survive a crash?',
  'x'.repeat(3000),
]

export function commentBodyFor(id: string): string {
  let seed = 0
  for (const char of id) seed = (seed * 31 + char.charCodeAt(0)) >>> 0
  const parts = [`Comment ${id}.`]
  for (let i = 0; i < 4; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0
    parts.push(PIECES[seed % PIECES.length] ?? '')
  }
  return parts.join('\n\n')
}
