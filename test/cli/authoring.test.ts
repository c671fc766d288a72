// A newcomer's session with the real `discussions` bin: new, comment, status, advance, list.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

async function workspace() {
  const root = await tempFolder()
  await import('node:fs/promises').then((fs) => fs.mkdir(join(root, '.git')))
  const env = {
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const run = (...args: string[]) => runDiscussions(args, { cwd: root, env })
  const runWithInput = (input: string, ...args: string[]) =>
    runDiscussions(args, { cwd: root, env, input })
  return { root, run, runWithInput }
}

coldThenWarm('the authoring commands', () => {
  it('run a whole discussion by hand', async () => {
    const { root, run, runWithInput } = await workspace()
    const created = await run(
      'new',
      'Add user authentication',
      '--context',
      'Users need accounts.\n---\nNot a delimiter.',
    )
    expect(created).toMatchObject({ code: 0, stderr: '' })
    const file = join(root, 'discussions', 'add-user-authentication.md')
    expect(created.stdout).toBe(`Created: ${file}\n`)
    const fresh = parseDiscussion(await readFile(file, 'utf8'))
    expect(validateDiscussion(fresh)).toEqual([])

    expect(
      (
        await run(
          'comment',
          file,
          '--author',
          'AI-Architect',
          '--vote',
          'changes',
          'Use the session store.\n\nQ: JWT?',
        )
      ).stdout,
    ).toMatch(/^Added comment from AI-Architect with vote CHANGES at line \d+\.\n$/)
    expect(
      (
        await run(
          'comment',
          file,
          '--author',
          'AI-Security',
          '--vote',
          'READY',
          'Fine.\n\nCONCERN: fixation',
        )
      ).code,
    ).toBe(0)
    expect(
      (await runWithInput('Server sessions it is.\n', 'comment', file, '--vote', 'READY', '-'))
        .stdout,
    ).toMatch(/^Added comment from Rob with vote READY/)

    const status = await run('status', file)
    expect(status.stdout).toContain('Phase: initial_feedback')
    expect(status.stdout).toContain('  AI-Architect: CHANGES - Use the session store.')
    expect(status.stdout).toContain('  Rob: READY - Server sessions it is.')
    expect(status.stdout).toContain('  Q: JWT? (@architect)')
    // initial_feedback does not vote: the same verdict `votes` gives, never "Consensus reached".
    expect(status.stdout).toContain(
      'No vote in this phase (Initial Feedback); the votes so far (2 of 3 READY) decide nothing here.',
    )
    const json = JSON.parse((await run('status', file, '--json')).stdout) as {
      consensus: { human_approved: boolean }
    }
    expect(json.consensus.human_approved).toBe(true)

    expect((await run('advance', file)).stdout).toBe(
      'Advanced to phase: detailed_review (from initial_feedback; votes reset)\n',
    )
    const after = await run('status', file, '--json')
    expect(JSON.parse(after.stdout)).toMatchObject({ phase: 'detailed_review', participants: [] })
    const text = await readFile(file, 'utf8')
    expect(validateDiscussion(parseDiscussion(text))).toEqual([])
    expect(text).toContain(
      '<!-- PHASE-TRANSITION: initial_feedback -> detailed_review -->\n<!-- VOTE-RESET: detailed_review -->',
    )

    const listed = JSON.parse((await run('list', '--json')).stdout) as {
      title: string
      phase: string
    }[]
    expect(listed).toEqual([
      expect.objectContaining({ title: 'Add user authentication', phase: 'detailed_review' }),
    ])
    expect((await run('list', '--status', 'closed')).stdout).toMatch(
      /^No discussions with status closed in /,
    )
  })

  it('refuses bad input with one clear line and exit 2', async () => {
    const { root, run } = await workspace()
    const file = join(root, 'discussions', 'x.md')
    await run('new', 'X')
    const cases: [string[], RegExp][] = [
      [['new', 'Y', '--template', 'nope'], /^error: unknown template "nope".*known: .*feature/],
      [['new', 'Y', '--participants', 'architect,dba'], /^error: unknown persona "dba".*known: /],
      [
        ['advance', file, '--to', 'nowhere'],
        /^error: "nowhere" is not a phase of feature; valid phases: initial_feedback, detailed_review, consensus_vote\.\n$/,
      ],
      [
        ['comment', file, '--vote', 'MAYBE', 'x'],
        /"MAYBE" is not a vote; use READY, CHANGES or REJECT/,
      ],
      [['comment', file, '   '], /^error: The comment is empty/],
      [['comment', join(root, 'missing.md'), 'hi'], /^error: .*missing\.md: no such file\./],
      [['status', join(root, 'missing.md')], /no such file/],
      [['list', '--dir', join(root, 'nowhere')], /no such folder/],
    ]
    for (const [args, message] of cases) {
      const result = await run(...args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toMatch(message)
    }
    await run('advance', file)
    await run('advance', file)
    const last = await run('advance', file)
    expect(last).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is the last phase of feature/),
    })
  })
})
