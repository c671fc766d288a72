import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm, ROOT, runDiscussions, runPipeline } from '../support/run-cli.js'

const FEATURE = join(ROOT, 'test', 'fixtures', 'feature.md')

coldThenWarm('discussions parse', () => {
  it('prints the structured discussion as JSON', async () => {
    const run = await runDiscussions(['parse', FEATURE])
    expect(run.code).toBe(0)
    const view = JSON.parse(run.stdout) as Record<string, unknown>
    expect(view).toMatchObject({
      title: 'Add user authentication',
      phase: 'detailed_review',
      status: 'OPEN',
      template: 'feature',
      participants: ['architect', 'security', 'pragmatist'],
      votes: { 'AI-Architect': 'READY', 'AI-Pragmatist': 'READY', 'AI-Security': 'CHANGES' },
      decisions: [{ text: 'Server sessions in Redis.', author: 'AI-Architect', line: 36 }],
      concerns: [{ text: 'Session fixation.', author: 'AI-Security', line: 54 }],
      todos: [{ text: 'Write the threat model.', author: 'AI-Security', line: 55 }],
      questions: [{ text: 'JWT or server sessions?', author: 'AI-Architect', line: 21 }],
    })
    expect(Object.keys(view)).toEqual(
      expect.arrayContaining(['headers', 'comments', 'assigned', 'done', 'diagrams']),
    )
  })

  it('reads stdin when no file is given', async () => {
    const run = await runDiscussions(['parse'], { input: '<!-- Title: Piped -->\n\n---\n' })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ title: 'Piped' })
  })

  it('exits 2 with one clear line for a missing file', async () => {
    const run = await runDiscussions(['parse', 'no-such.md'])
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: 'error: no-such.md: no such file.\n' })
  })
})

coldThenWarm('discussions votes', () => {
  it('reads parse output through a pipe', async () => {
    const run = await runPipeline(`discussions parse ${FEATURE} | discussions votes`)
    expect(run.code).toBe(0)
    // The configuration's rules, as `status` applies them: a human READY is needed by default.
    expect(JSON.parse(run.stdout)).toMatchObject({
      reached: false,
      outcome: null,
      counts: { READY: 2, CHANGES: 1, REJECT: 0 },
      blocked_by: [],
      human_approved: false,
      reason: '2 of 3 READY, needs a human READY',
      rule: 'READY at 67% of the votes, with at least one human READY; any REJECT blocks.',
      rules: { threshold_ready: 0.67, threshold_reject: 0.01, human_required: true },
    })
  })

  it('applies the threshold and human options', async () => {
    const higher = await runPipeline(
      `discussions parse ${FEATURE} | discussions votes --threshold-ready 0.75`,
    )
    expect(JSON.parse(higher.stdout)).toMatchObject({
      reached: false,
      reason: '2 of 3 READY, needs 75%',
      rules: { threshold_ready: 0.75, from: expect.stringMatching(/with --threshold-ready$/) },
    })
    const noHuman = await runPipeline(
      `discussions parse ${FEATURE} | discussions votes --no-human-required`,
    )
    expect(JSON.parse(noHuman.stdout)).toMatchObject({
      reached: true,
      outcome: 'READY',
      rule: 'READY at 67% of the votes, no human READY needed; any REJECT blocks.',
      // detailed_review does not vote in the feature template, so it never says "Consensus reached".
      summary:
        'No vote in this phase (Detailed Review); the votes so far (2 of 3 READY) decide nothing here.',
    })
  })

  it('also reads a discussion file directly', async () => {
    const run = await runDiscussions(['votes', FEATURE])
    expect(JSON.parse(run.stdout)).toMatchObject({ counts: { READY: 2, CHANGES: 1, REJECT: 0 } })
  })

  it('exits 2 on input that is neither a discussion nor parse output', async () => {
    const bad = await runDiscussions(['votes'], { input: '{"votes": {"Rob": "MAYBE"}}' })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^error: <stdin>: not `discussions parse` output: votes\.Rob: /)
    const broken = await runDiscussions(['votes'], { input: '{"votes": ' })
    expect(broken.code).toBe(2)
    expect(broken.stderr).toMatch(/not valid JSON/)
  })

  it('exits 2 on a bad option value', async () => {
    const run = await runDiscussions(['votes', '--threshold-ready', 'lots', FEATURE])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/"lots" is not a fraction between 0 and 1/)
  })
})

coldThenWarm('discussions route', () => {
  it('reads parse output from cat | parse | route', async () => {
    const run = await runPipeline(`cat ${FEATURE} | discussions parse | discussions route`)
    expect(run.code).toBe(0)
    // Security was mentioned at line 19 and answered later; the pragmatist's @architect is still open.
    expect(JSON.parse(run.stdout)).toMatchObject({
      source: 'mentions',
      next: ['architect'],
      pending: [{ alias: 'architect', mentioned_by: 'AI-Pragmatist', line: 42 }],
    })
  })

  it('routes to the callout mentions', async () => {
    const run = await runDiscussions(['route', FEATURE, '--callout', '@designer please look'])
    expect(JSON.parse(run.stdout)).toMatchObject({ source: 'callout', next: ['designer'] })
  })
})

coldThenWarm('discussions validate', () => {
  it('exits 0 on a valid file', async () => {
    const run = await runDiscussions(['validate', FEATURE])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(`${FEATURE}: no problems found.\n`)
  })

  it('lists problems with their lines and exits 1', async () => {
    const input =
      '<!-- Title: T -->\n<!-- Phase: a -->\n<!-- Status: OPEN -->\n\n---\n\nName: Rob\n\n```\nVOTE: MAYBE\n'
    const run = await runDiscussions(['validate', '--json'], { input })
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toEqual({
      file: '<stdin>',
      valid: false,
      problems: [{ line: 9, message: expect.stringMatching(/never closed/) }],
    })
  })
})

coldThenWarm('CLI conventions', () => {
  it('prints help and the version with exit 0', async () => {
    const help = await runDiscussions(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/Usage: discussions/)
    expect((await runDiscussions(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/)
  })

  it('exits 2 on an unknown command or option', async () => {
    expect((await runDiscussions(['frobnicate'])).code).toBe(2)
    expect((await runDiscussions(['parse', '--bogus'])).code).toBe(2)
  })
})
