/**
 * D/P bridge packets: after each round but the last, each arbiter writes a packet (shortlist,
 * assumptions, risks, asks) that the other group's freethinker and arbiter read next round; the
 * other group's raw ideas and scoring never cross. The meta-arbiter reads both final shortlists.
 */
import { describe, expect, it } from 'vitest'

import { parseBridgePacket } from '../../src/core/council/bridge.js'
import { councilFile, runScripted } from './harness.js'

function promptOf(calls: { label: string; prompt: string }[], label: string): string {
  const call = calls.find((one) => one.label === label)
  if (!call) throw new Error(`no call ${label}`)
  return call.prompt
}

describe('bridge packets between the D and P groups', () => {
  it.each(['parallel', 'sequential', 'debate'])('cross between rounds (%s flow)', async (flow) => {
    const setup = await councilFile({ mode: 'dp', flow, rounds: 3 })
    const { calls, result } = await runScripted(setup)
    expect(result.complete).toBe(true)

    // Only the arbiters of rounds that hand over are asked for a packet.
    expect(promptOf(calls, 'council-r1-d-arbiter')).toContain('## Bridge packet')
    expect(promptOf(calls, 'council-r2-p-arbiter')).toContain('## Bridge packet')
    expect(promptOf(calls, 'council-r3-d-arbiter')).not.toContain('## Bridge packet')
    expect(promptOf(calls, 'council-r1-d-freethinker')).not.toMatch(/SHORTLIST|ANSWER|RISKS/)

    for (const [group, other] of [
      ['d', 'p'],
      ['p', 'd'],
    ]) {
      for (const round of [2, 3]) {
        const fromOther = `council-r${round - 1}-${other}-arbiter`
        for (const role of ['freethinker', 'arbiter']) {
          const prompt = promptOf(calls, `council-r${round}-${group}-${role}`)
          // The other group's packet, every part of it ...
          for (const part of ['SHORTLIST', 'ASSUMES', 'RISKS', 'ASKS'])
            expect(prompt).toContain(`${part} ${fromOther}`)
          // ... but not its scoring or its freethinker's raw ideas.
          expect(prompt).not.toContain(`SCORES ${fromOther}`)
          expect(prompt).not.toContain(`ANSWER council-r${round}-${other}-freethinker`)
          expect(prompt).not.toContain(`ANSWER council-r${round - 1}-${other}-freethinker`)
        }
        // The freethinker also gets its own group's last shortlist; the arbiter this round's ideas.
        const free = promptOf(calls, `council-r${round}-${group}-freethinker`)
        expect(free).toContain(`SCORES council-r${round - 1}-${group}-arbiter`)
        expect(promptOf(calls, `council-r${round}-${group}-arbiter`)).toContain(
          `ANSWER council-r${round}-${group}-freethinker`,
        )
      }
    }

    // The meta-arbiter merges the final shortlists of both groups, not earlier ones.
    const meta = promptOf(calls, 'council-meta')
    expect(meta).toContain('ANSWER council-r3-d-arbiter')
    expect(meta).toContain('ANSWER council-r3-p-arbiter')
    expect(meta).not.toContain('council-r2-')
  })

  it('a single dp round has no bridge: each arbiter reads its own freethinker only', async () => {
    const setup = await councilFile({ mode: 'dp' })
    const { calls } = await runScripted(setup)
    const arbiter = promptOf(calls, 'council-d-arbiter')
    expect(arbiter).toContain('ANSWER council-d-freethinker')
    expect(arbiter).not.toContain('council-p-')
    expect(arbiter).not.toContain('## Bridge packet')
    expect(promptOf(calls, 'council-meta')).toMatch(
      /ANSWER council-d-arbiter[\s\S]*ANSWER council-p-arbiter/,
    )
  })

  it('reads the four parts, and falls back to the shortlist when the section is missing', () => {
    const packet = parseBridgePacket(
      [
        'Scores...',
        '',
        '## Bridge Packet',
        '**Shortlist:** rollout behind a flag',
        '- reuse the store',
        '### Assumptions',
        '- the team can own it',
        '- Risks: adoption is slow',
        'Asks:',
        '- what would make you drop it?',
      ].join('\n'),
    )
    expect(packet).toEqual({
      shortlist: 'rollout behind a flag\n- reuse the store',
      assumptions: '- the team can own it',
      risks: 'adoption is slow',
      asks: '- what would make you drop it?',
      fromSection: true,
    })
    const fallback = parseBridgePacket('1. **Flag rollout**: 8/10')
    expect(fallback).toMatchObject({ shortlist: '1. **Flag rollout**: 8/10', fromSection: false })
  })
})
