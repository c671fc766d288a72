/**
 * The CLI says the same thing the same way in every command, through the real bin: an unknown
 * provider is refused before any call wherever it is given; --show-prompt refuses what the turn
 * refuses; status refuses what comment refuses; bare `discussions` is help on stdout; usage errors
 * are one line; a short flag has one meaning, its old use refused naming the new one.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import { CACHE_DISCUSSION as DISCUSSION, LOGGING_SCRIPT } from '../support/logging-provider.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'

async function workspace() {
  const space = await scriptedWorkspace({
    prefix: 'discussions-consistency-',
    script: LOGGING_SCRIPT,
  })
  await writeFile(join(space.root, 'cache.md'), DISCUSSION)
  await writeFile(join(space.root, 'package.json'), '{\n  "name": "app"\n}\n')
  return space
}

/** One line on stderr, exit 2, nothing on stdout. */
function expectRefusal(run: CliRun, message: RegExp): void {
  expect(run.stderr.trimEnd()).toMatch(message)
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
  expect(run.code).toBe(2)
  expect(run.stdout).toBe('')
}

const UNKNOWN_PROVIDER =
  /^error: No provider named "scriptd" \(did you mean "scripted"\?\); configured: scripted, demo\. `discussions providers list` shows them\.$/

coldThenWarm('an unknown provider', () => {
  it(
    'is refused with exit 2 and the name meant by turn, council, debate run and providers test, before any call',
    { timeout: 120_000 },
    async () => {
      const { run, calls, root } = await workspace()
      expectRefusal(await run('turn', 'cache.md', '--provider', 'scriptd'), UNKNOWN_PROVIDER)
      expectRefusal(
        await run('turn', 'cache.md', '-p', 'scriptd', '--show-prompt'),
        UNKNOWN_PROVIDER,
      )
      expectRefusal(
        await run('council', '-p', 'scriptd', 'Rewrite the importer?'),
        UNKNOWN_PROVIDER,
      )
      expectRefusal(await run('providers', 'test', 'scriptd'), UNKNOWN_PROVIDER)
      const created = await run('debate', 'new', 'Queue', '--dir', root)
      expect(created.code).toBe(0)
      const debate = /^Created: (.+)$/m.exec(created.stdout)?.[1] ?? ''
      expectRefusal(await run('debate', 'run', debate, '--provider', 'scriptd'), UNKNOWN_PROVIDER)
      expect(await calls()).toEqual([])
      expect(await readFile(join(root, 'cache.md'), 'utf8')).toBe(DISCUSSION)
    },
  )
})

coldThenWarm('refusals that agree', () => {
  it('turn --show-prompt refuses what the turn refuses', { timeout: 90_000 }, async () => {
    const { run, calls } = await workspace()
    const nobody =
      /^error: No persona named @nobody\. `discussions participants list` shows who can take part\.$/
    expectRefusal(await run('turn', 'cache.md', '@nobody'), nobody)
    expectRefusal(await run('turn', 'cache.md', '@nobody', '--show-prompt'), nobody)
    const notOne = /^error: package\.json looks like JSON, not a discussion/
    expectRefusal(await run('turn', 'package.json', '@architect', '--show-prompt'), notOne)
    // A preview of a turn that can run still shows the prompt.
    const shown = await run('turn', 'cache.md', '@architect', '--show-prompt')
    expect(shown.code).toBe(0)
    expect(shown.stdout).toMatch(/^===== prompt for .+ \(@architect\) =====$/m)
    expect(await calls()).toEqual([])
  })

  it('status refuses a file that is no discussion, as comment does', async () => {
    const { run } = await workspace()
    const comment = await run('comment', 'package.json', 'hi')
    const status = await run('status', 'package.json')
    expectRefusal(status, /^error: package\.json looks like JSON, not a discussion/)
    expect(status.stderr).toBe(comment.stderr)
    expect((await run('status', 'cache.md')).code).toBe(0)
  })
})

coldThenWarm('help and usage errors', () => {
  it('bare discussions, and a bare group, print help on stdout and exit 0', async () => {
    const bare = await runDiscussions([])
    expect(bare.code).toBe(0)
    expect(bare.stderr).toBe('')
    expect(bare.stdout).toMatch(/^Usage: discussions \[options\] \[command\]/)
    expect(bare.stdout).toMatch(/^ {2}turn \[options\] <file> \[participants\.\.\.\]/m)
    const debate = await runDiscussions(['debate'])
    expect(debate.code).toBe(0)
    expect(debate.stdout).toMatch(/^Usage: discussions debate \[options\] \[command\]/)
  })

  it('every usage error is one line naming the command’s --help', { timeout: 90_000 }, async () => {
    const cases: [string[], RegExp][] = [
      [
        ['turn'],
        /^error: missing required argument 'file'\. Run `discussions turn --help` for usage\.$/,
      ],
      [
        ['providers', 'lst'],
        /^error: unknown command 'lst' \(did you mean list\?\)\. Run `discussions providers --help` for usage\.$/,
      ],
      [
        ['turn', 'cache.md', '--tmeout', '3'],
        /^error: unknown option '--tmeout' \(did you mean --timeout\?\)\. Run `discussions turn --help` for usage\.$/,
      ],
      [['nosuch'], /^error: unknown command 'nosuch'\. Run `discussions --help` for usage\.$/],
      [
        ['turn', 'cache.md', '--timeout', 'soon'],
        /^error: option '--timeout <seconds>' argument 'soon' is invalid\. "soon" is not a number of seconds \(for example 120\)\. Run `discussions turn --help` for usage\.$/,
      ],
    ]
    for (const [args, message] of cases) expectRefusal(await runDiscussions(args), message)
  })
})

coldThenWarm('one meaning per short flag', () => {
  it(
    '-p is --provider; the old -p, -c and -t refuse in one line naming the long option',
    {
      timeout: 120_000,
    },
    async () => {
      const { run, root } = await workspace()
      const before = await run('list', '--json')
      for (const [args, message] of [
        [
          ['new', 'Cache', '-p', 'architect'],
          /^error: -p no longer stands for --participants in `discussions new` \(it means --provider in every command that has it\); write --participants "architect"\.$/,
        ],
        [
          ['debate', 'new', 'Queue', '-c', 'why'],
          /^error: -c no longer stands for --context in `discussions debate new` \(it means --callout in every command that has it\); write --context "why"\.$/,
        ],
        [
          ['council', '-t', 'heavy', 'Why?'],
          /^error: -t no longer stands for --tier in `discussions council` \(it means --template in every command that has it\); write --tier "heavy"\.$/,
        ],
        [
          ['ui', '-p', '8080'],
          /^error: -p no longer stands for --port in `discussions ui` \(it means --provider in every command that has it\); write --port "8080"\.$/,
        ],
      ] as const)
        expectRefusal(await run(...args), message)
      // Nothing was created by the refused commands.
      expect((await run('list', '--json')).stdout).toBe(before.stdout)
      const created = await run('new', 'Cache two', '--participants', 'architect', '--dir', root)
      expect(created.code).toBe(0)
      expect(await readFile(/^Created: (.+)$/m.exec(created.stdout)?.[1] ?? '', 'utf8')).toMatch(
        /<!-- Participants: architect -->/,
      )
    },
  )
})
