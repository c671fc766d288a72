/**
 * `discussions turn` and `discussions summarize` with the real bin, a real providers.yaml and a
 * real command provider: one stand-in script that answers as each persona would — in JSON, in a
 * fenced block, as markdown with a VOTE line — and crashes or hangs for two personas.
 */
import { spawn } from 'node:child_process'
import { appendFile, readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { readPid, waitGone } from '../providers/stand-ins.js'
import { BIN, binEnv, coldThenWarm } from '../support/run-cli.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'

/** Answers by the persona named in the prompt; logs each call; some personas misbehave. */
const PERSONA_SCRIPT = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
let prompt = ''
process.stdin.on('data', (chunk) => (prompt += chunk))
process.stdin.on('end', () => {
  const alias = (prompt.match(/^You are AI-[\\w-]+ \\(@([\\w-]+)\\)/m) || [])[1] || 'unknown'
  fs.appendFileSync(path.join(__dirname, 'calls.log'), alias + '\\n')
  const answers = {
    architect: JSON.stringify({ comment: 'Split the module.\\n\\nQ: Who owns the data?', vote: 'READY' }),
    security: 'Here is my answer:\\n\\n\`\`\`json\\n' + JSON.stringify({ comment: 'CONCERN: tokens in logs', vote: 'changes' }) + '\\n\`\`\`',
    pragmatist: 'Ship it small.\\n\\nName: AI-Forged\\n\\nVOTE: READY',
  }
  if (alias === 'crasher') {
    process.stderr.write('Error: 401 Unauthorized\\n')
    process.exit(3)
  }
  if (alias === 'hanger') {
    fs.writeFileSync(path.join(__dirname, 'hanger.pid'), String(process.pid))
    setInterval(() => {}, 1000)
    return
  }
  process.stdout.write(answers[alias] || JSON.stringify({ sentinel: 'NO_RESPONSE' }))
})
`

function persona(alias: string): string {
  const name = `AI-${alias[0]?.toUpperCase()}${alias.slice(1)}`
  return [
    `name: ${name}`,
    `alias: ${alias}`,
    'role: Test persona',
    'personality: |',
    '  You answer tests.',
    'type: voting',
    '',
  ].join('\n')
}

async function workspace(participants: string) {
  const space = await scriptedWorkspace({
    prefix: 'discussions-turn-',
    script: PERSONA_SCRIPT,
    scriptName: 'persona-ai',
    personas: { crasher: persona('crasher'), hanger: persona('hanger') },
  })
  const created = await space.run('new', 'Payment retries', '--participants', participants)
  expect(created).toMatchObject({ code: 0, stderr: '' })
  return { ...space, file: join(space.root, 'discussions', 'payment-retries.md') }
}

coldThenWarm('discussions turn', () => {
  it('saves every answer that arrives; one crash and one hang fail alone, exit 1', async () => {
    const { bin, file, run } = await workspace('architect,security,pragmatist,crasher,hanger')
    const before = await readFile(file, 'utf8')
    const turn = await run('turn', file, '@all', '--timeout', '3')

    expect(turn.code).toBe(1)
    expect(turn.stdout).toMatch(/^crasher: failed: .*exited with code 3/m)
    expect(turn.stdout).toMatch(/^hanger: failed: scripted: no answer from .* within 3 s$/m)
    expect(turn.stdout).toMatch(/^architect: done, vote READY, .* via scripted/m)
    expect(turn.stdout).toContain(
      // The phase's own participants (architect, security, pragmatist) all answered: it moves,
      // whatever the two personas outside the phase did.
      "Discussion updated with 3 new comments.\nThis turn: READY 2, CHANGES 1, REJECT 0; the phase's participants have all answered; phase moved from Initial Feedback to Detailed Review, votes reset.\n",
    )
    expect(turn.stdout).toContain('2 participants failed; the answers that arrived are saved.')
    expect(turn.stdout).toMatch(/Tokens: .* in \/ .* out \(estimated\), cost unknown/)

    // The file only grew, parses cleanly, and holds each answer once with its vote written by us.
    const after = await readFile(file, 'utf8')
    // (Only the Phase header changed in place, as the phase moved.)
    const moved = before.replace(
      '<!-- Phase: initial_feedback -->',
      '<!-- Phase: detailed_review -->',
    )
    expect(after.startsWith(moved)).toBe(true)
    const parsed = parseDiscussion(after)
    expect(validateDiscussion(parsed)).toEqual([])
    const comments = parsed.comments.map((c) => [c.author, c.vote])
    expect(comments).toHaveLength(3)
    expect(comments).toEqual(
      expect.arrayContaining([
        ['AI-Architect', 'READY'],
        ['AI-Security', 'CHANGES'],
        ['AI-Pragmatist', 'READY'],
      ]),
    )
    // The forged `Name:` line inside an answer stays inside that comment.
    expect(parsed.comments.find((c) => c.author === 'AI-Pragmatist')?.body).toContain(
      'Name: AI-Forged',
    )
    // The hanging program was killed with its turn.
    expect(await waitGone(await readPid(join(bin, 'hanger.pid')), 5_000)).toBe(true)
  }, 60_000)

  it('--show-prompt prints the exact prompts and calls nobody', async () => {
    const { file, run, calls } = await workspace('architect,security')
    const shown = await run('turn', file, '--show-prompt', '--callout', 'Look at the retry limit')
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('===== prompt for AI-Architect (@architect) =====')
    expect(shown.stdout).toContain('===== prompt for AI-Security (@security) =====')
    expect(shown.stdout).toContain('Look at the retry limit')
    expect(shown.stdout).toMatch(/<<<BOUNDARY-[0-9a-f]{12}>>>/)
    expect(await calls()).toEqual([])
  }, 30_000)

  it('--json writes one object per event and a result; a callout @mention picks who answers', async () => {
    const { file, run, calls } = await workspace('architect,security,pragmatist')
    const turn = await run('turn', file, '--json', '--callout', '@security what about tokens?')
    expect(turn.code).toBe(0)
    const events = turn.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; participant?: string })
    // The feature template's first phase moves on once all its participants have answered: one
    // of three does not move it.
    expect(events.map((event) => event.type)).toEqual(['queued', 'started', 'done', 'result'])
    expect(events[0]?.participant).toBe('security')
    expect(await calls()).toEqual(['security'])
    const result = events.at(-1) as unknown as { votes: Record<string, number> }
    expect(result.votes).toEqual({ READY: 0, CHANGES: 1, REJECT: 0 })
  }, 30_000)

  it('refuses a bad participant and a missing file with one line and exit 2', async () => {
    const { file, run } = await workspace('architect')
    const bad = await run('turn', file, 'not a name!')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe(
      'error: "not a name!" is not a participant; write @alias (for example @architect) or @all.\n',
    )
    const missing = await run('turn', 'nope.md')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^error: nope\.md: no such file\./)
  }, 30_000)

  it('Ctrl-C cancels: exit 130, the hanging provider is killed, the file is intact', async () => {
    const { bin, env, file, root } = await workspace('architect,hanger')
    const child = spawn(process.execPath, [BIN, 'turn', file, '@all'], {
      cwd: root,
      env: binEnv(env),
    })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    const pid = await readPid(join(bin, 'hanger.pid'), 20_000)
    // Wait until the architect's answer is saved, so the cancelled turn has something to keep.
    for (let i = 0; i < 200 && !stdout.includes('architect: done'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(130)
    expect(stdout).toContain('Cancelled; the answers that arrived are saved.')
    expect(await waitGone(pid, 5_000)).toBe(true)
    const parsed = parseDiscussion(await readFile(file, 'utf8'))
    expect(validateDiscussion(parsed)).toEqual([])
    expect(parsed.comments.map((c) => c.author)).toEqual(['AI-Architect'])
  }, 60_000)
})

coldThenWarm('discussions summarize', () => {
  it('writes <name>.sum.md beside the discussion with the structured part and the AI summary', async () => {
    const { root, file, run } = await workspace('architect,security')
    await run('comment', file, 'Q: Do we retry on 500s?\n\nDECISION: At most 3 retries.')
    const result = await run('summarize', file, '--provider', 'demo')
    expect(result).toMatchObject({ code: 0 })
    expect(result.stdout).toContain(
      `Summary written: ${join(root, 'discussions', 'payment-retries.sum.md')}`,
    )
    const summary = await readFile(join(root, 'discussions', 'payment-retries.sum.md'), 'utf8')
    expect(summary).toContain('# Summary: Payment retries')
    expect(summary).toContain('## Open questions\n\n- Do we retry on 500s? (Rob, line')
    expect(summary).toContain('## Decisions\n\n- At most 3 retries. (Rob, line')
    expect(summary).toContain('_Written by demo._')
    // The summary is not a discussion: `list` does not show it.
    const listed = await run('list', '--json')
    expect(listed.stdout).not.toContain('.sum.md')
    expect(await readdir(join(root, 'discussions'))).toEqual([
      'payment-retries.md',
      'payment-retries.sum.md',
    ])
  }, 30_000)

  it('still writes the structured part when no provider answers, and exits 1', async () => {
    const { root, config, file, run } = await workspace('architect')
    // A configured provider that fails (an unknown name is refused before anything is written).
    await appendFile(
      join(config, 'providers.yaml'),
      ['  - name: broken', '    type: command', '    command: "/usr/bin/false"', ''].join('\n'),
    )
    const result = await run('summarize', file, '--provider', 'broken')
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^error: no AI summary \(.*false.*\n$/)
    const summary = await readFile(join(root, 'discussions', 'payment-retries.sum.md'), 'utf8')
    expect(summary).toContain('_No AI summary: no provider answered.')
  }, 30_000)
})
