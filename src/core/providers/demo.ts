/**
 * The offline `demo` provider: persona-flavoured canned answers in the response contract, with
 * markers, a vote and an @mention, so a new user can try a whole discussion before configuring a
 * real provider. Deterministic for a given discussion (the prompt is hashed, without the turn's
 * random boundary), and every answer says it came from the demo provider.
 */
import type { Vote } from '../format/model.js'
import { demoDebateAnswer, isDebatePrompt } from './demo-debate.js'
import { councilDemoAnswer } from './demo-council.js'
import { DEMO_VOICES, GENERIC_VOICE } from './demo-voices.js'
import type { DemoVoice } from './demo-voices.js'
import { ProviderError } from './port.js'
import type { Provider, ProviderCompletion, ProviderRequest } from './port.js'
import { DEMO_PROVIDER } from './resolve-chain.js'
import { fillPlaceholders } from '../templates/fill-placeholders.js'
import { estimateUsage } from './usage.js'

export const DEMO_NOTICE =
  '_(demo provider — configure a real one with `discussions providers list`)_'

export interface DemoOptions {
  /** Waits between streamed chunks; rejects (or resolves early) when the signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Pause between chunks (default 60 ms): enough to look live, short enough not to annoy. */
  delayMs?: number
  /** Pieces the answer is streamed in (default 6). */
  chunks?: number
}

/** FNV-1a, 32 bits: small, stable across platforms, good enough to pick phrases. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A small seeded generator (mulberry32), so one hash yields a sequence of choices. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.floor(random() * items.length)]
}

/** The discussion's title (its `# Title` line), or a neutral stand-in. */
function topicOf(prompt: string): string {
  const title = /^# +(.+?)\s*$/m.exec(prompt)?.[1]
  return title ? `"${title.slice(0, 80)}"` : 'this proposal'
}

/** The turn's boundary token is random; without it the same discussion gives the same answer. */
function stableSeed(request: ProviderRequest): number {
  const prompt = request.prompt.replace(/BOUNDARY-[0-9A-Za-z]+/g, 'BOUNDARY')
  return hashText([request.persona?.alias ?? '', request.callout ?? '', prompt].join('\n'))
}

/** Up to `count` different items, in a random order. */
function pickSome<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items]
  const chosen: T[] = []
  while (chosen.length < count && pool.length > 0) {
    chosen.push(...pool.splice(Math.floor(random() * pool.length), 1))
  }
  return chosen
}

function voiceLines(voice: DemoVoice, alias: string, topic: string, random: () => number) {
  const fill = (text: string): string => fillPlaceholders(text, { topic })
  const marked = (prefix: string, items: readonly string[]): string[] =>
    pickSome(items, 1, random).map((text) => `${prefix}${fill(text)}`)
  const other = pick(
    voice.mentions.filter((mention) => mention !== alias),
    random,
  )
  const sections = [
    pickSome(voice.openers, 1, random).map(fill),
    pickSome(voice.points, 2, random).map(fill),
    [
      ...marked('Q: ', voice.questions),
      ...marked('CONCERN: ', voice.concerns),
      ...marked('TODO: ', voice.todos),
      ...marked('DECISION: ', voice.decisions),
    ],
    other ? [`@${other}, how does this look from your side?`] : [],
  ]
  return sections
    .filter((section) => section.length > 0)
    .flatMap((section) => ['', ...section])
    .slice(1)
}

/** A name PlantUML can show in quotes. */
function plantumlLabel(topic: string): string {
  return (
    topic
      .replace(/["\\]/g, '')
      .replace(/[^\p{L}\p{N} .,:_-]/gu, ' ')
      .trim() || 'Proposal'
  )
}

function visualizerLines(topic: string, random: () => number): string[] {
  const label = plantumlLabel(topic)
  const sequence = random() < 0.5
  const diagram = sequence
    ? [
        '@startuml',
        'actor User',
        `participant "${label}" as Feature`,
        'database Store',
        'User -> Feature : request',
        'Feature -> Store : read / append',
        'Store --> Feature : result',
        'Feature --> User : response',
        '@enduml',
      ]
    : [
        '@startuml',
        `component "${label}" as Feature`,
        'component "Core logic" as Core',
        'database "Storage" as Store',
        'Feature --> Core : calls',
        'Core --> Store : reads / writes',
        '@enduml',
      ]
  return [
    '```plantuml',
    ...diagram,
    '```',
    '',
    `The diagram shows ${topic} as ${sequence ? 'the steps of one request' : 'its main components'}; it is the simplest picture of what has been proposed so far.`,
    '',
    'Q: Where does validation happen in this flow?',
    '@architect, is this the boundary you had in mind?',
  ]
}

/** The whole answer as the response contract: `{"comment": "...", "vote": ...}`. */
export function demoAnswer(request: ProviderRequest): string {
  if (isDebatePrompt(request.prompt)) return demoDebateAnswer(request)
  const council = councilDemoAnswer(request)
  if (council !== null) return council
  const random = randomFrom(stableSeed(request))
  const alias = request.persona?.alias ?? ''
  const topic = topicOf(request.prompt)
  const lines =
    alias === 'visualizer'
      ? visualizerLines(topic, random)
      : voiceLines(DEMO_VOICES[alias] ?? GENERIC_VOICE, alias, topic, random)
  const voice = DEMO_VOICES[alias] ?? GENERIC_VOICE
  const votes = request.persona?.type === 'voting' ? (pick(voice.votes, random) ?? 'READY') : null
  const vote: Vote | null = alias === 'visualizer' ? null : votes
  const comment = [...lines, '', DEMO_NOTICE].join('\n')
  return JSON.stringify({ comment, vote })
}

/** Cuts text into `count` pieces of about equal length. */
function chunksOf(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count))
  const pieces: string[] = []
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size))
  return pieces
}

export function createDemoProvider(options: DemoOptions): Provider {
  const delayMs = options.delayMs ?? 60
  const chunks = options.chunks ?? 6
  return {
    name: DEMO_PROVIDER,
    kind: 'demo',
    description: 'Offline canned answers for trying the app; not a real model',
    async complete(request: ProviderRequest): Promise<ProviderCompletion> {
      const text = demoAnswer(request)
      const cancelled = (): ProviderError => new ProviderError('cancelled', 'cancelled')
      for (const [index, piece] of chunksOf(text, chunks).entries()) {
        if (request.signal?.aborted) throw cancelled()
        if (index > 0 && delayMs > 0) {
          try {
            await options.sleep(delayMs, request.signal)
          } catch {
            throw cancelled()
          }
          if (request.signal?.aborted) throw cancelled()
        }
        request.onText?.(piece)
      }
      return { text, usage: estimateUsage(`${request.system ?? ''}${request.prompt}`, text) }
    },
  }
}
