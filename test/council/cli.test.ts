/**
 * `discussions council` and `council resume` with the real bin: a command provider stand-in (one
 * run killed with SIGKILL mid-round, then resumed), the offline demo provider, and the refused
 * combinations.
 */
import { spawn } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { readRecordedCalls } from '../../src/core/council/record.js'
import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { readPid, waitGone } from '../providers/stand-ins.js'
import { BIN, binEnv, coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'
import { councilWorkspace } from './stand-in.js'

async function labelsIn(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch(() => '')
  return [...readRecordedCalls(parseDiscussion(text)).keys()]
}

/** Polls the file until it holds these labels (the test's own wait, not a timing assertion). */
async function waitForLabels(file: string, wanted: string[], ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    const labels = await labelsIn(file)
    if (wanted.every((label) => labels.includes(label))) return
    if (Date.now() > deadline) throw new Error(`${file} never held ${wanted.join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

coldThenWarm('discussions council', () => {
  it('killed mid-round with SIGKILL, `council resume` finishes it with the missing calls', async () => {
    const { root, bin, env, calls } = await councilWorkspace()
    await writeFile(join(bin, 'hang'), '')
    const file = join(root, 'cache.md')
    const child = spawn(
      process.execPath,
      [BIN, 'council', 'Should we cache the feed?', '--rounds', '3', '--out', 'cache.md'],
      { cwd: root, env: binEnv(env), stdio: 'ignore' },
    )
    const exited = new Promise((resolve) => child.on('close', resolve))
    const hanging = await readPid(join(bin, 'hang.pid'), 20_000)
    await waitForLabels(file, ['council-r2-pragmatist', 'council-r2-skeptic'])
    child.kill('SIGKILL')
    await exited
    process.kill(hanging, 'SIGKILL')
    expect(await waitGone(hanging, 5_000)).toBe(true)
    expect((await labelsIn(file)).sort()).toEqual(
      [
        'council-r1-pragmatist',
        'council-r1-visionary',
        'council-r1-skeptic',
        'council-r2-pragmatist',
        'council-r2-skeptic',
      ].sort(),
    )
    const before = (await calls()).length

    await rm(join(bin, 'hang'))
    const resumed = await runDiscussions(['council', 'resume', 'cache.md'], { cwd: root, env })
    expect(resumed).toMatchObject({ code: 0, stderr: '' })
    expect(resumed.stdout).toMatch(/^10 calls planned, 5 already answered in the file$/m)
    expect(resumed.stdout).toMatch(/^council-r2-visionary: done, .* via scripted, .*, line \d+$/m)
    expect(resumed.stdout).toContain('Synthesis by AI-Referee')
    expect(resumed.stdout).toMatch(/^ {2}total +10 calls/m)
    expect(resumed.stdout).toContain(`Council complete: cache.md`)
    // Round 3 runs in parallel, so its three calls may log in any order.
    const after = (await calls()).slice(before)
    expect(after[0]).toBe('visionary 2')
    expect(after.slice(1, 4).sort()).toEqual(['pragmatist 3', 'skeptic 3', 'visionary 3'])
    expect(after.slice(4)).toEqual(['referee -'])

    const parsed = parseDiscussion(await readFile(file, 'utf8'))
    expect(validateDiscussion(parsed)).toEqual([])
    const labels = await labelsIn(file)
    expect(labels).toHaveLength(10)
    expect(parsed.comments).toHaveLength(10) // nothing answered twice
  }, 60_000)

  it('runs a dp council offline on the demo provider, with live lines per role and round', async () => {
    const root = await tempFolder('council-demo-')
    await mkdir(join(root, '.git'))
    const env = {
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
    }
    const run = await runDiscussions(
      ['council', 'How do we cut CI time in half?', '--mode', 'dp', '--rounds', '2'],
      { cwd: root, env },
    )
    expect(run).toMatchObject({ code: 0, stderr: '' })
    for (const label of ['council-r1-d-freethinker', 'council-r2-p-arbiter', 'council-meta'])
      expect(run.stdout).toMatch(new RegExp(`^${label}: done, .* via demo, .*\\(estimated\\)`, 'm'))
    expect(run.stdout).toContain('Synthesis by AI-Meta-Arbiter')
    expect(run.stdout).toContain('demo provider')
    const file = /^Council: (.+)$/m.exec(run.stdout)?.[1] ?? ''
    expect(file).toMatch(/discussions\/council-how-do-we-cut-ci-time-in-half\.md$/)
    expect(await labelsIn(file)).toHaveLength(9) // 4N + 1
    const text = await readFile(file, 'utf8')
    expect(text).toContain('<!-- Council-Mode: dp -->')
    expect(text).toMatch(/Name: AI-D-Arbiter\n\n<!-- council: .*\n\n#### Round 1 of 2/)
    expect(text).toContain('## Bridge packet')
    expect(run.stdout).not.toContain('like the members it judged') // no advice for the demo

    // Resuming a complete council calls nobody; --json ends with the result object.
    const again = await runDiscussions(['council', 'resume', file, '--json'], { cwd: root, env })
    expect(again.code).toBe(0)
    const lines = again.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown)
    expect(lines[0]).toMatchObject({ type: 'plan' })
    expect(lines.at(-1)).toMatchObject({
      type: 'result',
      complete: true,
      callsMade: 0,
      callsPlanned: 9,
      synthesis: { author: 'AI-Meta-Arbiter', provider: 'demo' },
    })
  })

  it('refuses invalid combinations and files that are no council, in one line', async () => {
    const root = await tempFolder('council-bad-')
    const env = { DISCUSSIONS_CONFIG_DIR: join(root, '.config') }
    const debate = await runDiscussions(['council', 'q?', '--flow', 'debate', '--rounds', '1'], {
      cwd: root,
      env,
    })
    expect(debate.code).toBe(2)
    expect(debate.stderr).toMatch(/^error: A debate needs at least 2 rounds/)
    const rank = await runDiscussions(['council', 'q?', '--mode', 'dp', '--rank'], {
      cwd: root,
      env,
    })
    expect(rank.code).toBe(2)
    expect(rank.stderr).toMatch(/^error: --rank works in personality mode only/)
    const rounds = await runDiscussions(['council', 'q?', '--rounds', '9'], { cwd: root, env })
    expect(rounds.code).toBe(2)
    expect(rounds.stderr).toContain('from 1 to 5')
    const notCouncil = await runDiscussions(
      ['council', 'resume', join(import.meta.dirname, '..', 'fixtures', 'feature.md')],
      { cwd: root, env },
    )
    expect(notCouncil.code).toBe(2)
    expect(notCouncil.stderr).toMatch(/is not a council/)
  })
})
