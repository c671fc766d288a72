import { admitName, admitText, formatCommentBlock, personBody } from '../src/core/index.js'

const AUTHORS = ['AI-Architect', 'AI-Security', 'AI-Pragmatist', 'AI-Designer', 'Rob']
const VOTES = ['READY', 'CHANGES', 'REJECT', null] as const

/** A realistic discussion of `count` comments: markers, mentions, fenced code and phase changes. */
export function syntheticDiscussion(count: number): string {
  const parts = [
    '<!-- DISCUSSION -->\n<!-- Title: Benchmark -->\n<!-- Phase: review -->\n<!-- Status: OPEN -->\n',
    '<!-- Participants: architect, security, pragmatist, designer -->\n\n# Benchmark\n\n## Context\n\nA long one.\n\n---\n',
  ]
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 1000 === 0)
      parts.push(
        `\n<!-- PHASE-TRANSITION: p${i - 1000} -> p${i} -->\n<!-- VOTE-RESET: p${i} -->\n\n---\n`,
      )
    const body = [
      `Point ${i}: @architect and @security should weigh in on the cache design.`,
      'The proposal is sound but the failure modes need spelling out, and the rollout plan is thin.',
      i % 3 === 0 ? 'Q: What happens when the cache is cold?' : 'CONCERN: Retry storms under load.',
      i % 5 === 0 ? '```ts\nconst x = 1\n---\nVOTE: REJECT\n```' : 'TODO: measure it.',
    ].join('\n\n')
    parts.push(
      formatCommentBlock(
        admitName(AUTHORS[i % AUTHORS.length] ?? 'Rob'),
        personBody(admitText(body)),
        VOTES[i % VOTES.length] ?? null,
      ),
    )
  }
  return parts.join('')
}
