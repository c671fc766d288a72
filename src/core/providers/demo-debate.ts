/**
 * The demo provider's side of a debate: answers each debate step in its JSON, from the persona's
 * demo voice, so `discussions debate run` works offline. It reads the fixed `DEBATE-STEP` lines
 * the debate prompt ends with. The play is scripted to show the whole protocol: security blocks
 * a proposal in round 1, authors address what they are told and revise, everyone approves all
 * other unblocked proposals (usually a run-off), then settles on the proposal whose author
 * weighs least, so the others' approval carries it.
 */
import { DEMO_VOICES, GENERIC_VOICE } from './demo-voices.js'
import type { ProviderRequest } from './port.js'

const STEP = /^DEBATE-STEP: (propose|critique|defend|vote)$/m

export function isDebatePrompt(prompt: string): boolean {
  return STEP.test(prompt)
}

function field(prompt: string, name: string): string {
  return new RegExp(`^${name}: (.*)$`, 'm').exec(prompt)?.[1]?.trim() ?? ''
}

function ids(text: string): string[] {
  return text === 'none' || text === '' ? [] : text.split(/\s*,\s*/)
}

/** `P1@architect=2, P2@security=1.5` -> {P1: 2, P2: 1.5}. */
function authorWeights(prompt: string): Map<string, number> {
  const weights = new Map<string, number>()
  for (const item of ids(field(prompt, 'WEIGHTS'))) {
    const match = /^(P\d+)@[\w-]+=([\d.]+)$/.exec(item)
    if (match) weights.set(match[1] ?? '', Number(match[2]))
  }
  return weights
}

export function demoDebateAnswer(request: ProviderRequest): string {
  const prompt = request.prompt
  const step = STEP.exec(prompt)?.[1]
  const alias = request.persona?.alias ?? ''
  const voice = DEMO_VOICES[alias] ?? GENERIC_VOICE
  const round = Number(field(prompt, 'DEBATE-ROUND')) || 1
  const own = field(prompt, 'YOUR-PROPOSAL')
  const others = ids(field(prompt, 'IN-PLAY')).filter((id) => id !== own)
  const notice = ' (demo provider)'
  switch (step) {
    case 'propose':
      return JSON.stringify({
        proposal: [
          voice.decisions[0] ?? 'Start small.',
          '',
          ...voice.points.slice(0, 2).map((p) => `- ${p}`),
          '',
          `_${notice.trim()}_`,
        ].join('\n'),
        confidence: 0.6 + (alias.length % 4) / 10,
      })
    case 'critique': {
      const critiques = others.map((target, index) => ({
        target,
        // Security blocks the first proposal it reads in round 1; later it raises majors only.
        severity:
          alias === 'security' && index === 0 && round === 1
            ? 'blocking'
            : index === 0
              ? 'major'
              : 'minor',
        text: `${voice.concerns[index % Math.max(1, voice.concerns.length)] ?? 'This needs more detail.'}${notice}`,
        keeps: null,
      }))
      return JSON.stringify({ critiques })
    }
    case 'defend': {
      const critiques = ids(field(prompt, 'CRITIQUES-OF-YOURS'))
      const blocking = critiques.some((c) => c.endsWith(':blocking'))
      return JSON.stringify({
        addresses: critiques.map((c) => c.split(':')[0]),
        response: `Fair points; ${blocking ? 'the blocking issue is fixed in the revision' : 'noted for the implementation'}.${notice}`,
        modified: blocking
          ? `${voice.decisions[0] ?? 'Start small.'}\n\n- ${voice.todos[0] ?? 'Address the review.'}\n- Validate every external input with a schema at the boundary.\n\n_${notice.trim()}_`
          : null,
      })
    }
    case 'vote': {
      const weights = authorWeights(prompt)
      const all = ids(field(prompt, 'IN-PLAY'))
      const favourite = [...all].sort((a, b) => (weights.get(a) ?? 1) - (weights.get(b) ?? 1))[0]
      const approves = round === 1 ? others : others.filter((id) => id === favourite)
      return JSON.stringify({
        approves,
        justification:
          approves.length > 0
            ? `${approves.join(' and ')} would work for me.${notice}`
            : `I stand by my own proposal.${notice}`,
      })
    }
    default:
      return JSON.stringify({ sentinel: 'NO_RESPONSE' })
  }
}
