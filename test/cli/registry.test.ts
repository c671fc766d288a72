/**
 * `discussions participants` and `discussions templates`, run in-process: a fresh program with
 * only these commands, the streams captured, a temporary project as the working folder and a
 * temporary user config folder.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, beforeEach, expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'

import { registerParticipants } from '../../src/cli/commands/participants.js'
import { registerTemplates } from '../../src/cli/commands/templates.js'
import { runInProcess } from '../support/run-in-process.js'
import type { InProcessRun } from '../support/run-in-process.js'

let root: string
let project: string
let user: string
const savedConfigDir = process.env.DISCUSSIONS_CONFIG_DIR

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'discussions-cli-registry-')))
  project = join(root, 'project')
  user = join(root, 'user')
  await mkdir(join(project, '.git'), { recursive: true })
  await mkdir(user, { recursive: true })
  process.env.DISCUSSIONS_CONFIG_DIR = user
})
afterEach(async () => {
  if (savedConfigDir === undefined) delete process.env.DISCUSSIONS_CONFIG_DIR
  else process.env.DISCUSSIONS_CONFIG_DIR = savedConfigDir
  await rm(root, { recursive: true, force: true })
})

async function write(path: string, text: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
  return path
}

function run(...argv: string[]): Promise<InProcessRun> {
  return runInProcess([registerParticipants, registerTemplates], project, argv)
}

const PERSONA = `name: AI-Architect
alias: architect
role: Our Own Architect
personality: You are our architect.
`

coldThenWarm('discussions participants', () => {
  it('lists the bundled personas as a table', async () => {
    const result = await run('participants', 'list')
    expect(result).toMatchObject({ code: 0, stderr: '' })
    const [header, ...rows] = result.stdout.trimEnd().split('\n')
    expect(header).toMatch(/^ALIAS\s+NAME\s+TYPE\s+ROLE\s+SOURCE$/)
    expect(rows).toContainEqual(
      expect.stringMatching(/^architect\s+AI-Architect\s+voting\s+.+\s+bundled$/),
    )
    expect(rows).toContainEqual(expect.stringMatching(/^researcher\s+AI-Researcher\s+background\s/))
  })

  it("shows a project's persona in place of the bundled one, as JSON too", async () => {
    const file = await write(join(project, '.discussions', 'personas', 'architect.yaml'), PERSONA)
    const result = await run('participants', 'list', '--json')
    expect(result.code).toBe(0)
    const data = JSON.parse(result.stdout) as {
      participants: { alias: string; role: string; source: string; file: string }[]
      problems: string[]
    }
    expect(data.problems).toEqual([])
    const architects = data.participants.filter((persona) => persona.alias === 'architect')
    expect(architects).toEqual([
      expect.objectContaining({ role: 'Our Own Architect', source: 'project', file }),
    ])
  })

  it('warns about a broken file on stderr and still lists the rest', async () => {
    await write(
      join(user, 'personas', 'critic.yaml'),
      'name: AI-Critic\nalias: critic\nrole: Critic\npersonality: You doubt.\ntype: voter\n',
    )
    await write(
      join(project, '.discussions', 'personas', 'typo.yaml'),
      'name: AI-Typo\nalias: typo\nrole: Typist\npersonalty: You misspell.\n',
    )
    const result = await run('participants', 'list')
    expect(result.code).toBe(0)
    expect(result.stderr).toBe(
      'warning: .discussions/personas/typo.yaml:4: unknown key "personalty" (did you mean "personality"?)\n' +
        `warning: ${join(user, 'personas', 'critic.yaml')}:5: type: must be "voting" or "background" (got "voter")\n`,
    )
    expect(result.stdout).toMatch(/^architect\s+AI-Architect/m)
  })

  it('shows one persona with where it comes from', async () => {
    const file = await write(
      join(user, 'personas', 'architect.yaml'),
      PERSONA + 'expertise: [APIs]\n',
    )
    const text = await run('participants', 'show', 'AI-Architect')
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('AI-Architect (@architect): Our Own Architect\n')
    expect(text.stdout).toContain(`Source:        user (${file})\n`)
    expect(text.stdout).toContain('Expertise:\n  - APIs\n')
    expect(text.stdout).toContain('Personality:\n  You are our architect.\n')
    const json = await run('participants', 'show', 'architect', '--json')
    expect(JSON.parse(json.stdout)).toEqual({
      name: 'AI-Architect',
      alias: 'architect',
      role: 'Our Own Architect',
      personality: 'You are our architect.',
      expertise: ['APIs'],
      watchesFor: [],
      concerns: [], // deprecated: the same, kept one release
      type: 'voting',
      provider_hint: null,
      source: 'user',
      file,
    })
  })

  it('exits 2 with the known personas for an unknown one', async () => {
    const result = await run('participants', 'show', 'archtect')
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(
      /^error: unknown persona "archtect" \(did you mean "architect"\?\); known: (\S+, )*architect(, \S+)*\n$/,
    )
  })

  it("exits 2 with the file's own error for a persona whose file is broken", async () => {
    await write(
      join(project, '.discussions', 'personas', 'architect.yaml'),
      PERSONA + 'type: voter\n',
    )
    const result = await run('participants', 'show', 'architect')
    expect(result).toMatchObject({
      code: 2,
      stderr:
        'error: .discussions/personas/architect.yaml:5: type: must be "voting" or "background" (got "voter")\n',
    })
  })
})

coldThenWarm('discussions templates', () => {
  it('lists the templates with their phases in order', async () => {
    const result = await run('templates', 'list')
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toMatch(/^NAME\s+TITLE\s+PHASES\s+SOURCE$/m)
    expect(result.stdout).toMatch(
      /^feature\s+Feature Discussion\s+initial_feedback -> detailed_review -> consensus_vote\s+bundled$/m,
    )
  })

  it('shows a template by its alias, each phase with goal, voting and next', async () => {
    const result = await run('templates', 'show', 'architecture-decision')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^adr: /)
    expect(result.stdout).toMatch(/1\. proposal: .+\n\s+goal: .+\n\s+voting:\s+no\n/)
    expect(result.stdout).toMatch(/next:\s+\(last phase\)\n/)
  })

  it('prints a project template as JSON, normalized from the list form', async () => {
    const file = await write(
      join(project, '.discussions', 'templates', 'quick.yaml'),
      `name: quick
title: Quick Check
phases:
  - id: look
    title: Look
    voting_mode: false
    next: decide
  - id: decide
    title: Decide
    voting_mode: true
    auto_trigger: consensus
    next: null
`,
    )
    const result = await run('templates', 'show', 'QUICK', '--json')
    expect(result.code).toBe(0)
    const template = JSON.parse(result.stdout) as Record<string, unknown>
    expect(template).toMatchObject({
      name: 'quick',
      source: 'project',
      file,
      phases: [
        { id: 'look', title: 'Look', voting: false, next_phase: 'decide' },
        { id: 'decide', voting: true, auto_trigger: 'consensus', next_phase: null },
      ],
    })
  })

  it('exits 2 naming a bad next_phase, or the known templates', async () => {
    await write(
      join(user, 'templates', 'feature.yaml'),
      'name: feature\nphases:\n  draft:\n    next_phase: final\n',
    )
    const broken = await run('templates', 'show', 'feature')
    expect(broken).toMatchObject({
      code: 2,
      stderr: `error: ${join(user, 'templates', 'feature.yaml')}:4: phases.draft.next_phase: unknown phase "final" (phases: draft)\n`,
    })
    const unknown = await run('templates', 'show', 'nope')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^error: unknown template "nope"; known: .*adr.*\n$/)
  })
})
