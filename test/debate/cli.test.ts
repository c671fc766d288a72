/**
 * `discussions debate` through the real bin, a real providers.yaml and a real command provider:
 * a stand-in script that answers each debate step as its persona would (and one that hangs),
 * and the offline demo provider.
 */
import { spawn } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { headerValue } from '../../src/core/format/headers.js'
import { readPid, waitGone } from '../providers/stand-ins.js'
import { BIN, binEnv, coldThenWarm } from '../support/run-cli.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'

/**
 * Answers by persona and step; logs `alias step round` per call. security blocks P1 in round 1
 * and the architect addresses it with a revision; everyone backs P3 (the pragmatist's), unless
 * the topic says "stalemate". `hanger` never answers; the pragmatist waits while `hold` exists.
 */
export const DEBATER_SCRIPT = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
let prompt = ''
process.stdin.on('data', (chunk) => (prompt += chunk))
process.stdin.on('end', () => {
  const get = (name) => ((prompt.match(new RegExp('^' + name + ': (.*)$', 'm')) || [])[1] || '').trim()
  const alias = (prompt.match(/^You are AI-[\\w-]+ \\(@([\\w-]+)\\)/m) || [])[1] || 'unknown'
  const step = get('DEBATE-STEP')
  const round = Number(get('DEBATE-ROUND'))
  const own = get('YOUR-PROPOSAL')
  const mine = get('CRITIQUES-OF-YOURS') === 'none' ? [] : get('CRITIQUES-OF-YOURS').split(', ')
  fs.appendFileSync(path.join(__dirname, 'calls.log'), alias + ' ' + step + ' ' + round + '\\n')
  if (alias === 'hanger') {
    fs.writeFileSync(path.join(__dirname, 'hanger.pid'), String(process.pid))
    setInterval(() => {}, 1000)
    return
  }
  if (alias === 'pragmatist' && step === 'vote' && fs.existsSync(path.join(__dirname, 'hold'))) {
    fs.writeFileSync(path.join(__dirname, 'held.pid'), String(process.pid))
    setInterval(() => {}, 1000)
    return
  }
  const stalemate = /stalemate/i.test(prompt)
  let answer
  if (step === 'propose') answer = { proposal: 'The plan of ' + alias + '.', confidence: 0.7 }
  else if (step === 'critique')
    answer = { critiques: alias === 'security' && round === 1 ? [{ target: 'P1', severity: 'blocking', text: 'Sessions never expire.' }] : [] }
  else if (step === 'defend')
    answer = { addresses: mine.map((c) => c.split(':')[0]), response: 'Expiry added.', modified: 'The plan of ' + alias + ', with a 30-day expiry.' }
  else answer = { approves: stalemate || own === 'P3' ? [] : ['P3'], justification: 'Smallest thing that works.' }
  process.stdout.write('Here is my answer:\\n' + JSON.stringify(answer))
})
`

const HANGER = [
  'name: AI-Hanger',
  'alias: hanger',
  'role: Participant that never answers',
  'personality: |',
  '  You never answer.',
  '',
].join('\n')

async function workspace() {
  const { root, bin, env, run, calls } = await scriptedWorkspace({
    prefix: 'discussions-debate-',
    script: DEBATER_SCRIPT,
    scriptName: 'debater',
    personas: { hanger: HANGER },
  })
  const create = async (...args: string[]): Promise<string> => {
    const created = await run('debate', 'new', ...args, '--dir', 'debates')
    expect(created).toMatchObject({ code: 0, stderr: '' })
    return /^Created: (.*)$/m.exec(created.stdout)?.[1] ?? ''
  }
  return { root, bin, env, run, calls, create }
}

coldThenWarm('discussions debate', () => {
  it('new, run, status and stats on a scripted provider: blocking critique, revision, consensus', async () => {
    const { run, calls, create } = await workspace()
    const file = await create('Where should sessions live?', '--context', 'Two app instances.')
    expect(file).toMatch(/debates\/where-should-sessions-live\.md$/)
    const header = parseDiscussion(await readFile(file, 'utf8'))
    expect(headerValue(header, 'Weights')).toBe('architect=2, security=1.5, pragmatist=1')
    expect(headerValue(header, 'Template')).toBe('debate')

    const ran = await run('debate', 'run', file)
    expect(ran).toMatchObject({ code: 0, stderr: '' })
    expect(ran.stdout).toContain(
      'starting debate "Where should sessions live?" with @architect, @security, @pragmatist',
    )
    expect(ran.stdout).toContain('    @security critiqued: P1 blocking')
    expect(ran.stdout).toContain('    @architect defended P1, addressing C1.security.1, revised')
    expect(ran.stdout).toContain('  tally: P1 0/4.5, P2 0/4.5, P3 3.5/4.5 passes')
    expect(ran.stdout).toMatch(/consensus on P3 in round 1\n$/)
    // One call per participant and step; only the criticised author defends.
    expect((await calls()).sort()).toEqual(
      [
        'architect propose 1',
        'security propose 1',
        'pragmatist propose 1',
        'architect critique 1',
        'security critique 1',
        'pragmatist critique 1',
        'architect defend 1',
        'architect vote 1',
        'security vote 1',
        'pragmatist vote 1',
      ].sort(),
    )
    const text = await readFile(file, 'utf8')
    const parsed = parseDiscussion(text)
    expect(validateDiscussion(parsed)).toEqual([])
    expect(headerValue(parsed, 'Status')).toBe('CONSENSUS')
    expect(text).toContain('REVISION: P1 (round 1)\n\nThe plan of architect, with a 30-day expiry.')
    // The debate's records never count as votes of the ordinary discussion.
    const votes = await run('votes', file)
    expect(JSON.parse(votes.stdout)).toMatchObject({ counts: { READY: 0, CHANGES: 0, REJECT: 0 } })

    const status = await run('debate', 'status', file)
    expect(status.code).toBe(0)
    expect(status.stdout).toContain('Standing: consensus on P3 in round 1')
    expect(status.stdout).toContain('P1 by @architect, confidence 0.7, revised in round 1')
    expect(status.stdout).toContain(
      '  blocking C1.security.1 by @security (addressed): Sessions never expire.',
    )
    expect(status.stdout).toContain('  P3: 3.5 of 4.5 from @architect, @security, passes')

    const again = await run('debate', 'run', file)
    expect(again.stdout).toContain('consensus on P3 in round 1')
    expect((await calls()).length).toBe(10) // nothing asked twice
  }, 60_000)

  it('enforces the round timeout: a hanging participant is killed, recorded absent, and the debate goes on', async () => {
    const { bin, run, create } = await workspace()
    const file = await create(
      'Hanging debate',
      '--participants',
      'architect,security,hanger',
      '--round-timeout',
      '2',
    )
    const ran = await run('debate', 'run', file)
    expect(ran.code).toBe(0)
    expect(ran.stdout).toContain('    @hanger absent from propose: timed out after 2 s')
    expect(ran.stdout).toContain('    @hanger absent from critique: timed out after 2 s')
    expect(ran.stdout).toContain('    @hanger absent from vote: timed out after 2 s')
    // architect and security each approve only P3, which does not exist: no consensus this round.
    expect(ran.stdout).toContain('  tally: P1 0/4.5, P2 0/4.5')
    expect(await waitGone(await readPid(join(bin, 'hanger.pid')), 5_000)).toBe(true)
    const text = await readFile(file, 'utf8')
    expect(text).toContain('ABSENT: @hanger from propose (round 1): timed out after 2 s')
  }, 90_000)

  it('resumes after the process is killed mid-vote, asking only who had not answered', async () => {
    const { root, bin, env, run, calls, create } = await workspace()
    const file = await create('Killed debate')
    await writeFile(join(bin, 'hold'), '')
    const child = spawn(process.execPath, [BIN, 'debate', 'run', file], {
      cwd: root,
      env: binEnv(env),
    })
    const held = await readPid(join(bin, 'held.pid'), 30_000)
    // Kill once the other two ballots are saved, while the pragmatist still thinks.
    const ballots = async () => ((await readFile(file, 'utf8')).match(/^BALLOT: /gm) ?? []).length
    for (let i = 0; i < 600 && (await ballots()) < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    child.kill('SIGKILL')
    await new Promise((resolve) => child.on('close', resolve))
    process.kill(held, 'SIGKILL') // the orphaned provider of the killed run
    await rm(join(bin, 'hold'))
    const before = await calls()
    expect(before.filter((c) => c.endsWith('vote 1'))).toHaveLength(3)

    const resumed = await run('debate', 'run', file)
    expect(resumed.code).toBe(0)
    expect(resumed.stdout).toContain('resuming debate "Killed debate"')
    expect((await calls()).slice(before.length)).toEqual(['pragmatist vote 1'])
    expect(resumed.stdout).toContain('consensus on P3 in round 1')
    expect(validateDiscussion(parseDiscussion(await readFile(file, 'utf8')))).toEqual([])
  }, 90_000)

  it('escalates a stalemate, takes the human decision, and reports stats over the folder', async () => {
    const { root, run, create } = await workspace()
    const agreed = await create('Agreed topic')
    expect((await run('debate', 'run', agreed)).code).toBe(0)
    const stuck = await create('A stalemate', '--max-rounds', '2')
    const ran = await run('debate', 'run', stuck)
    expect(ran.stdout).toContain('round 2\n')
    expect(ran.stdout).toMatch(/escalated after 2 rounds: no proposal reached the threshold\n/)
    expect(ran.stdout).toMatch(/escalated: waiting for the human to decide/)

    const both = await run('debate', 'decide', stuck, '--accept', 'P2', '--reject')
    expect(both).toMatchObject({
      code: 2,
      stderr: 'error: Give exactly one of --accept PROPOSAL or --reject.\n',
    })
    const early = await run('debate', 'decide', agreed, '--reject')
    expect(early.code).toBe(2)
    expect(early.stderr).toContain('is already decided (consensus)')
    const decided = await run(
      'debate',
      'decide',
      stuck,
      '--accept',
      'P2',
      '--reason',
      'Security first.',
    )
    expect(decided).toMatchObject({ code: 0, stdout: 'Accepted P2; the debate is decided.\n' })
    const text = await readFile(stuck, 'utf8')
    expect(text).toContain('Name: Rob\n\nRESULT: accepted P2 by Rob\n\nSecurity first.')
    expect(headerValue(parseDiscussion(text), 'Status')).toBe('ACCEPTED')

    // A debate still running and an ordinary discussion in the folder.
    await create('Not run yet')
    expect((await run('new', 'Plain discussion', '--dir', 'debates')).code).toBe(0)
    const stats = await run('debate', 'stats', '--dir', join(root, 'debates'), '--json')
    expect(JSON.parse(stats.stdout)).toEqual({
      debates: 3,
      running: 1,
      finished: 2,
      consensusCount: 1,
      consensus: 1, // deprecated: the same, kept one release
      escalated: 1,
      decided: 1,
      consensusRate: 0.5,
      escalationRate: 0.5,
      averageRoundsToConsensus: 1,
      blockingCritiques: 2,
      blockingAddressed: 2,
      blockingResolutionRate: 1,
    })
    const plain = await run('debate', 'stats', '--dir', 'debates')
    expect(plain.stdout).toContain('Consensus rate: 50% (1 of 2)')
    expect(plain.stdout).toContain('Blocking critiques resolved: 100% (2 of 2 addressed)')
  }, 90_000)

  it('runs offline on the demo provider: a run-off, then consensus', async () => {
    const { run, create } = await workspace()
    const file = await create('Session storage', '--context', 'Shared sessions for two instances.')
    const ran = await run('debate', 'run', file, '--provider', 'demo', '--json')
    expect(ran.code).toBe(0)
    const events = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string })
    const kinds = events.map((e) => e.type)
    expect(kinds[0]).toBe('debate-started')
    expect(kinds).toContain('runoff')
    expect(kinds.filter((k) => k === 'round-started')).toHaveLength(2)
    expect(kinds.slice(-3)).toEqual(['consensus-reached', 'debate-finished', 'result'])
    expect(events.at(-3)).toMatchObject({ proposal: 'P3', round: 2 })
    const status = await run('debate', 'status', file, '--json')
    expect(JSON.parse(status.stdout)).toMatchObject({
      outcome: { kind: 'consensus', proposal: 'P3', round: 2 },
    })
  }, 60_000)

  it('refuses what is not a debate, and bad weights, with one line and exit 2', async () => {
    const { run } = await workspace()
    expect((await run('new', 'Plain', '--dir', 'd')).code).toBe(0)
    const plain = await run('debate', 'run', 'd/plain.md')
    expect(plain.code).toBe(2)
    expect(plain.stderr).toMatch(/^error: d\/plain\.md is not a debate .*debate new/)
    const weights = await run('debate', 'new', 'X', '--weights', 'architect=-1')
    expect(weights.code).toBe(2)
    expect(weights.stderr).toMatch(/"-1" is not a weight/)
    const stranger = await run('debate', 'new', 'X', '--weights', 'nobody=2')
    expect(stranger.stderr).toMatch(/--weights names "nobody", who is not a participant/)
  }, 60_000)
})
