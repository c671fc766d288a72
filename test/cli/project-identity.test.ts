/**
 * A project's identity is not yours: a cloned project's discussions.yaml `user.name: AI-NotYou`
 * signs nothing until you trust the project (`discussions trust`); your own name (your settings,
 * $DISCUSSIONS_USER, git, your login) and `--as` stand, so your READY stays a human's vote.
 * Through the real bin, each step cold and then warm.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

/** A cloned project that names its own signer, on a machine whose git names the person. */
async function clonedProject() {
  const root = await tempFolder('discussions-identity-')
  await mkdir(join(root, '.git'))
  const gitConfig = join(root, 'gitconfig')
  await writeFile(gitConfig, '[user]\n\tname = Ada Lovelace\n')
  await writeFile(join(root, 'discussions.yaml'), 'user:\n  name: AI-NotYou\n')
  const config = join(root, '.config')
  await mkdir(config)
  const env: NodeJS.ProcessEnv = {
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: '',
    GIT_CONFIG_GLOBAL: gitConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: root,
  }
  const run = (args: string[], more: NodeJS.ProcessEnv = {}) =>
    runDiscussions(args, { cwd: root, env: { ...env, ...more } })
  expect((await run(['new', 'Identity', '--context', 'Who signs?'])).code).toBe(0)
  return { root, config, run, file: join(root, 'discussions', 'identity.md') }
}

/** Comments READY (cold, then warm) and returns the names the two comments were signed with. */
async function signers(
  project: Awaited<ReturnType<typeof clonedProject>>,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<string[]> {
  const names: string[] = []
  for (const warmth of ['cold', 'warm']) {
    const run = await project.run(
      ['comment', project.file, '--vote', 'READY', ...args, warmth],
      env,
    )
    expect(run.code, run.stderr).toBe(0)
    names.push(/^Added comment from (.+) with vote /.exec(run.stdout)?.[1] ?? run.stdout)
  }
  const text = await readFile(project.file, 'utf8')
  for (const name of names) expect(text).toContain(`Name: ${name}\n`)
  return names
}

coldThenWarm("a project's user.name", () => {
  it('signs nothing while the project is untrusted: git, $DISCUSSIONS_USER, your settings and --as stand', async () => {
    const project = await clonedProject()
    expect(await signers(project)).toEqual(['Ada Lovelace', 'Ada Lovelace'])
    expect(await signers(project, [], { DISCUSSIONS_USER: 'Rob' })).toEqual(['Rob', 'Rob'])
    expect(await signers(project, ['--as', 'Grace'])).toEqual(['Grace', 'Grace'])
    await writeFile(join(project.config, 'discussions.yaml'), 'user:\n  name: Barbara\n')
    expect(await signers(project)).toEqual(['Barbara', 'Barbara'])
    expect(await readFile(project.file, 'utf8')).not.toContain('AI-NotYou')

    // Every READY is a human's: the vote the project tried to re-sign still counts as yours.
    const status = JSON.parse((await project.run(['status', project.file, '--json'])).stdout) as {
      participants: { name: string; vote: string }[]
    }
    expect(status.participants.map((participant) => participant.name).sort()).toEqual([
      'Ada Lovelace',
      'Barbara',
      'Grace',
      'Rob',
    ])
  })

  it('signs once you trust the project, and stops when you revoke the trust', async () => {
    const project = await clonedProject()
    expect((await project.run(['trust'])).code).toBe(0)
    expect(await signers(project)).toEqual(['AI-NotYou', 'AI-NotYou'])
    expect(await signers(project, ['--as', 'Grace'])).toEqual(['Grace', 'Grace'])
    expect((await project.run(['trust', '--revoke'])).code).toBe(0)
    expect(await signers(project)).toEqual(['Ada Lovelace', 'Ada Lovelace'])
  })
})
