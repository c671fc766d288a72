/**
 * The demo provider's council voice: plain markdown in the shape each council role is asked for
 * (positions, ideas, scored shortlists with a bridge packet, a ranking line, a synthesis), so a
 * council runs end to end offline. Canned and deterministic; every answer says it is the demo.
 */
import type { ProviderRequest } from './port.js'

const NOTICE = '_(demo provider — configure a real one with `discussions providers list`)_'

/** The question as the council prompts quote it. */
function questionOf(prompt: string): string {
  const match = /^## The (?:question|problem)\s*\n+([\s\S]*?)(?:\n## |\n----- BEGIN|$)/m.exec(
    prompt,
  )
  const line = (match?.[1] ?? '').trim().split('\n')[0] ?? ''
  return line.length > 90 ? `${line.slice(0, 90)}…` : line || 'the question'
}

function roundOf(label: string): number {
  return Number(/-r(\d+)-/.exec(label)?.[1] ?? '1')
}

const ADVISOR: Record<string, { stance: string; points: string[] }> = {
  pragmatist: {
    stance: 'Do the smallest thing that answers it, measure, then decide on the rest.',
    points: [
      'Start with what the team can ship in two weeks with the people it has.',
      'Write down what we are *not* doing yet, so scope stays honest.',
      'Pick one number that tells us whether it worked.',
    ],
  },
  visionary: {
    stance: 'Treat this as the first step of a larger shift and design for where it leads.',
    points: [
      'The bolder version opens options the safe version closes for good.',
      'Second-order effect: whoever does this well sets the default for others.',
      'Keep the first step small, but point it at the five-year picture.',
    ],
  },
  skeptic: {
    stance: 'Not yet convinced: the key assumption has no evidence behind it.',
    points: [
      'What fails first under real load, and who notices?',
      'The cost estimate leaves out maintenance and the people it needs.',
      'I would change my mind with a small test that could have failed and did not.',
    ],
  },
}

function advisorAnswer(role: string, label: string, topic: string): string {
  const voice = ADVISOR[role] ?? ADVISOR.pragmatist
  if (!voice) return NOTICE
  const round = roundOf(label)
  const intro =
    round === 1
      ? `On "${topic}": ${voice.stance}`
      : `After round ${round - 1}: I keep my position, sharpened by the others' points. ${voice.stance}`
  return [intro, '', ...voice.points.map((point) => `- ${point}`), '', NOTICE].join('\n')
}

function freethinkerAnswer(group: string, topic: string, label: string): string {
  const ideas =
    group === 'd'
      ? [
          ['Incremental rollout', 'ship behind a flag to 5% of users and widen weekly'],
          ['Reuse the existing store', 'no new infrastructure; extend the schema we run'],
          ['Runbook first', 'write the failure playbook before the feature'],
        ]
      : [
          ['Reframe the goal', 'ask what users are trying to avoid, not what they ask for'],
          ['Borrow from logistics', 'treat the flow as a queue with back-pressure'],
          ['Cheap experiment', 'a one-day fake-door test before building anything'],
        ]
  const round = roundOf(label)
  const revised =
    round > 1
      ? `Revised in round ${round}: kept what our arbiter shortlisted and answered the other group's asks.`
      : `Ideas for "${topic}":`
  return [
    revised,
    '',
    ...ideas.map(([name, how], index) => `${index + 1}. **${name}**: ${how}.`),
    '',
    NOTICE,
  ].join('\n')
}

function arbiterAnswer(group: string, prompt: string): string {
  const top = group === 'd' ? 'Incremental rollout' : 'Cheap experiment'
  const second = group === 'd' ? 'Reuse the existing store' : 'Reframe the goal'
  const lines = [
    `1. **${top}**: feasibility 8, value 7, risk 3 (low). Shortlisted.`,
    `2. **${second}**: feasibility 7, value 6, risk 4. Shortlisted.`,
    '3. The third idea: interesting, not enough evidence yet. Dropped.',
  ]
  if (prompt.includes('## Bridge packet'))
    lines.push(
      '',
      '## Bridge packet',
      '',
      'Shortlist:',
      `- ${top}`,
      `- ${second}`,
      'Assumptions:',
      '- the current team can own it',
      'Risks:',
      '- adoption is slower than hoped',
      'Asks:',
      `- what would make group ${group === 'd' ? 'P' : 'D'} drop its top idea?`,
    )
  return [...lines, '', NOTICE].join('\n')
}

function rankingAnswer(prompt: string): string {
  const responses = [
    ...prompt.matchAll(/^----- BEGIN Response ([A-Z]) -----\n([\s\S]*?)^----- END/gm),
  ]
  // The same response gets the same score from every ranker, so the demo's aggregate is not a tie.
  const score = (text: string): number =>
    [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 9973, 7)
  const order = [...responses]
    .sort((a, b) => score(b[2] ?? '') - score(a[2] ?? ''))
    .map((match) => match[1])
  return [
    ...responses.map((m) => `- Response ${m[1]}: clear reasoning; could use more evidence.`),
    '',
    `RANKING: ${order.join(' > ')}`,
    '',
    NOTICE,
  ].join('\n')
}

function synthesisAnswer(meta: boolean, topic: string): string {
  return [
    `**Recommendation**: on "${topic}", take the small, measurable first step now and keep the larger option open.`,
    '',
    meta
      ? '**From group D** the incremental rollout; **from group P** the one-day experiment that tests the framing first.'
      : '**Why**: the Pragmatist and the Skeptic agree that evidence must come first; the Visionary is right that the first step should point somewhere.',
    '',
    '**Risks**: the key assumption is still untested.',
    '',
    '**Next steps**: define the success number, run the small test, decide in two weeks.',
    '',
    NOTICE,
  ].join('\n')
}

/** The answer for a council call, or null when the request is not a council call. */
export function councilDemoAnswer(request: ProviderRequest): string | null {
  const alias = request.persona?.alias ?? ''
  if (!alias.startsWith('council-')) return null
  const label = request.callout ?? ''
  const topic = questionOf(request.prompt)
  const role = alias.slice('council-'.length)
  if (role === 'ranker') return rankingAnswer(request.prompt)
  if (role === 'referee' || role === 'meta') return synthesisAnswer(role === 'meta', topic)
  if (role.endsWith('-freethinker')) return freethinkerAnswer(role[0] ?? 'd', topic, label)
  if (role.endsWith('-arbiter')) return arbiterAnswer(role[0] ?? 'd', request.prompt)
  return advisorAnswer(role, label, topic)
}
