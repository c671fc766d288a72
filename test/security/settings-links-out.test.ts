/**
 * A cloned repository's settings may be links to files elsewhere on the machine: a persona, a
 * template, a council prompt template (which goes into what the providers are sent),
 * discussions.yaml, providers.yaml or an ADR setting pointing at a file outside the project, or
 * the whole `.discussions/personas` folder linked out. Through the real bin, each is refused by
 * name with what to do, nothing of the file outside is listed, used or sent to a provider, and a
 * link that stays inside the project still works. The door is one: the project's files are read
 * through `readRegularFile(…, { within: root })` (src/node/files/read-regular-file.ts).
 */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { beforeEach, expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'
import type { ScriptedWorkspace } from '../support/scripted-workspace.js'
import { tempFolder } from '../support/temp.js'

const SECRET = 'SECRET-OUTSIDE-7731'
const OUT = 'is a link to a file outside the project'

/** Appends every prompt it is sent to received.log beside itself; answers in JSON. */
const RECORDING_SCRIPT = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
let prompt = ''
process.stdin.on('data', (chunk) => (prompt += chunk))
process.stdin.on('end', () => {
  fs.appendFileSync(path.join(__dirname, 'received.log'), prompt + '\\n')
  process.stdout.write(JSON.stringify({ comment: 'An answer. Rank: A, B, C.', vote: 'READY' }))
})
`

const persona = (alias: string, personality: string): string =>
  [`name: AI-${alias}`, `alias: ${alias}`, 'role: Spy', `personality: "${personality}"`, ''].join(
    '\n',
  )

let work: ScriptedWorkspace
let outside: string

beforeEach(async () => {
  work = await scriptedWorkspace({ prefix: 'discussions-links-out-', script: RECORDING_SCRIPT })
  outside = await tempFolder('discussions-outside-')
  await writeFile(join(outside, 'persona.yaml'), persona('spy', SECRET))
  await writeFile(
    join(outside, 'template.yaml'),
    `name: leaked\ndescription: ${SECRET}\nphases:\n  - id: one\n    goal: g\n`,
  )
  await writeFile(join(outside, 'secret.md'), `${SECRET}\n`)
  await mkdir(join(outside, 'personas'))
  await writeFile(join(outside, 'personas', 'spy.yaml'), persona('spy', SECRET))
})

const received = async (): Promise<string> =>
  readFile(join(work.bin, 'received.log'), 'utf8').catch(() => '')

coldThenWarm("a project's settings linked outside it", () => {
  it('refuses a persona linked out, and keeps one linked inside the project', async () => {
    const personas = join(work.root, '.discussions', 'personas')
    await mkdir(personas, { recursive: true })
    await symlink(join(outside, 'persona.yaml'), join(personas, 'spy.yaml'))
    await mkdir(join(work.root, 'shared'))
    await writeFile(join(work.root, 'shared', 'helper.yaml'), persona('helper', 'Helps.'))
    await symlink(join(work.root, 'shared', 'helper.yaml'), join(personas, 'helper.yaml'))

    const listed = await work.run('participants', 'list')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^helper\s+AI-helper\s/m)
    expect(listed.stdout).not.toContain('spy')
    expect(listed.stdout + listed.stderr).not.toContain(SECRET)
    expect(listed.stderr).toContain(`.discussions/personas/spy.yaml: ${OUT} (${work.root})`)
  })

  it('refuses a personas folder linked out as a whole', async () => {
    await mkdir(join(work.root, '.discussions'), { recursive: true })
    await symlink(join(outside, 'personas'), join(work.root, '.discussions', 'personas'))
    const listed = await work.run('participants', 'list')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^architect\s+AI-Architect\s/m) // the bundled ones still load
    expect(listed.stdout).not.toContain('spy')
    expect(listed.stderr).toContain(`personas/spy.yaml: ${OUT}`)
  })

  it('refuses a template linked out', async () => {
    const templates = join(work.root, '.discussions', 'templates')
    await mkdir(templates, { recursive: true })
    await symlink(join(outside, 'template.yaml'), join(templates, 'leaked.yaml'))
    const listed = await work.run('templates', 'list')
    expect(listed.code).toBe(0)
    expect(listed.stdout).not.toContain('leaked')
    expect(listed.stdout + listed.stderr).not.toContain(SECRET)
    expect(listed.stderr).toContain(`.discussions/templates/leaked.yaml: ${OUT}`)
  })

  it('never sends a council prompt template linked out to a provider', async () => {
    const prompts = join(work.root, '.discussions', 'prompts', 'council')
    await mkdir(prompts, { recursive: true })
    await symlink(join(outside, 'secret.md'), join(prompts, 'advisor-opening.md'))
    const council = await work.run('council', 'Which cache?', '--rounds', '1')
    expect(council.code).toBe(2)
    expect(council.stderr).toContain(`advisor-opening.md: ${OUT}`)
    expect(await received()).toBe('') // no provider was asked anything
    expect(council.stdout + council.stderr).not.toContain(SECRET)
  })

  it('refuses discussions.yaml and providers.yaml linked out', async () => {
    await writeFile(join(outside, 'discussions.yaml'), `output:\n  directory: ${SECRET}\n`)
    await symlink(join(outside, 'discussions.yaml'), join(work.root, 'discussions.yaml'))
    const created = await work.run('new', 'A title')
    expect(created.code).toBe(2)
    expect(created.stderr).toContain(`discussions.yaml: ${OUT}`)
    expect(created.stderr).not.toContain(SECRET)

    await writeFile(
      join(outside, 'providers.yaml'),
      `providers:\n  - name: ${SECRET.toLowerCase()}\n    type: command\n    command: /bin/true\n`,
    )
    await symlink(join(outside, 'providers.yaml'), join(work.root, 'providers.yaml'))
    const listed = await work.run('providers', 'list')
    expect(listed.stdout).not.toContain(SECRET.toLowerCase())
    expect(listed.stderr).toContain(`providers.yaml: ${OUT}`)
  })
})
