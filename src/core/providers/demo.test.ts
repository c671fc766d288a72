import { describe, expect, it } from 'vitest'

import { parseAnswer } from '../turns/answer.js'
import { createDemoProvider, DEMO_NOTICE, demoAnswer } from './demo.js'
import type { ProviderRequest } from './port.js'

const DISCUSSION = '<!-- DISCUSSION -->\n# Offline mode for the editor\n\nShould we support it?\n'

function request(alias: string, type: 'voting' | 'background' = 'voting', boundary = 'abc123') {
  return {
    prompt: `You are someone.\n<<<BOUNDARY-${boundary}>>>\n${DISCUSSION}<<<END-BOUNDARY-${boundary}>>>`,
    persona: { alias, name: `AI-${alias}`, role: 'Role', type },
    callout: '',
  } satisfies ProviderRequest
}

const immediate = () => Promise.resolve()

describe('demo provider', () => {
  it('is deterministic for a discussion, whatever the turn’s random boundary', () => {
    expect(demoAnswer(request('architect', 'voting', 'aaa'))).toBe(
      demoAnswer(request('architect', 'voting', 'bbb')),
    )
    expect(demoAnswer(request('architect'))).not.toBe(demoAnswer(request('security')))
  })

  it('answers in the response contract with markers, a mention, a vote and the demo notice', () => {
    for (const alias of [
      'architect',
      'security',
      'pragmatist',
      'perfectionist',
      'designer',
      'moderator',
    ]) {
      const raw = demoAnswer(request(alias))
      const answer = JSON.parse(raw) as { comment: string; vote: string | null }
      expect(['READY', 'CHANGES', 'REJECT']).toContain(answer.vote)
      expect(answer.comment).toMatch(/^Q: .+/m)
      expect(answer.comment).toMatch(/^(CONCERN|TODO|DECISION): .+/m)
      expect(answer.comment).toMatch(/@[a-z]+/)
      expect(answer.comment).not.toContain(`@${alias},`)
      expect(answer.comment).toContain('"Offline mode for the editor"')
      expect(answer.comment.endsWith(DEMO_NOTICE)).toBe(true)
      const parsed = parseAnswer(raw, { votes: true })
      expect(parsed).toMatchObject({ kind: 'comment', form: 'json', vote: answer.vote })
    }
  })

  it('never votes for a background persona', () => {
    const answer = JSON.parse(demoAnswer(request('researcher', 'background'))) as { vote: unknown }
    expect(answer.vote).toBeNull()
  })

  it('draws a small PlantUML diagram as the visualizer', () => {
    const answer = JSON.parse(demoAnswer(request('visualizer', 'background'))) as {
      comment: string
      vote: unknown
    }
    expect(answer.vote).toBeNull()
    expect(answer.comment).toMatch(/^```plantuml\n@startuml\n[\s\S]+\n@enduml\n```$/m)
    expect(answer.comment).not.toMatch(/!include|!import/)
    expect(answer.comment).toContain('Q: ')
    expect(answer.comment).toContain(DEMO_NOTICE)
  })

  it('answers a persona it does not know in a generic voice, and a bare prompt too', () => {
    expect(demoAnswer(request('lawyer'))).toContain('demo provider')
    const bare = JSON.parse(demoAnswer({ prompt: 'Say hello.' })) as {
      comment: string
      vote: unknown
    }
    expect(bare.vote).toBeNull()
    expect(bare.comment).toContain('this proposal')
  })

  it('streams the answer in pieces with pauses, and reports estimated tokens', async () => {
    const pauses: number[] = []
    const provider = createDemoProvider({
      sleep: (ms) => {
        pauses.push(ms)
        return Promise.resolve()
      },
      delayMs: 40,
      chunks: 5,
    })
    const deltas: string[] = []
    const result = await provider.complete({
      ...request('architect'),
      onText: (d) => deltas.push(d),
    })
    expect(deltas.length).toBe(5)
    expect(deltas.join('')).toBe(result.text)
    expect(pauses).toEqual([40, 40, 40, 40])
    expect(result.usage.estimated).toBe(true)
    expect(provider).toMatchObject({ name: 'demo', kind: 'demo' })
  })

  it('stops when cancelled mid-stream', async () => {
    const controller = new AbortController()
    const provider = createDemoProvider({ sleep: immediate, chunks: 6 })
    const deltas: string[] = []
    const call = provider.complete({
      ...request('security'),
      signal: controller.signal,
      onText: (delta) => {
        deltas.push(delta)
        if (deltas.length === 2) controller.abort()
      },
    })
    await expect(call).rejects.toMatchObject({ reason: 'cancelled' })
    expect(deltas).toHaveLength(2)
  })
})
