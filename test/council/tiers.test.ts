/**
 * Tiers map roles to providers as discussions.yaml's `council:` says: light runs everyone on
 * `default`, medium gives the referee `stronger`, heavy gives everyone `stronger`; `--provider`
 * overrides all. Two real command providers (one stand-in script, told its name) record who
 * answered which call.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { councilWorkspace } from './stand-in.js'

async function twoProviders() {
  const workspace = await councilWorkspace()
  const script = join(workspace.bin, 'council-ai')
  await writeFile(
    join(workspace.config, 'providers.yaml'),
    [
      'default: cheap',
      'providers:',
      '  - name: cheap',
      '    type: command',
      `    command: "${script} cheap"`,
      '  - name: strong',
      '    type: command',
      `    command: "${script} strong"`,
      '',
    ].join('\n'),
  )
  await writeFile(
    join(workspace.root, 'discussions.yaml'),
    'council:\n  default: cheap\n  stronger: strong\n',
  )
  return workspace
}

coldThenWarm('council tiers', () => {
  it.each([
    ['light', [], 'cheap', 'cheap'],
    ['medium', [], 'cheap', 'strong'],
    ['heavy', [], 'strong', 'strong'],
    ['light', ['--provider', 'strong'], 'strong', 'strong'],
  ])('--tier %s %j: advisors on %s, referee on %s', async (tier, extra, advisors, referee) => {
    const { root, env, calls } = await twoProviders()
    const run = await runDiscussions(['council', 'Cache?', '--tier', tier, ...extra], {
      cwd: root,
      env,
    })
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect((await calls()).sort()).toEqual(
      [
        `pragmatist 1 ${advisors}`,
        `referee - ${referee}`,
        `skeptic 1 ${advisors}`,
        `visionary 1 ${advisors}`,
      ].sort(),
    )
    expect(run.stdout).toContain(`council-referee: thinking (${referee})`)
    // Only a referee on the members' provider gets the note about independence.
    expect(run.stdout.includes('like the members it judged')).toBe(advisors === referee)
  })

  it('the same for dp: medium gives the meta-arbiter the stronger provider', async () => {
    const { root, env, calls } = await twoProviders()
    const run = await runDiscussions(['council', 'CI?', '--mode', 'dp', '--tier', 'medium'], {
      cwd: root,
      env,
    })
    expect(run.code).toBe(0)
    const log = await calls()
    expect(log.filter((line) => line.endsWith('strong'))).toEqual(['meta-arbiter - strong'])
    expect(log).toHaveLength(5)
  })
})
