/**
 * External participants (the SmartTools participant protocol), run for real: a `discussion-<alias>`
 * program on PATH, and a program a project's persona names, which runs only in a trusted project.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { openEngine } from '../../src/node/engine/open-engine.js'
import { trustProject } from '../../src/node/providers/trust.js'
import { pathWithNode } from '../providers/stand-ins.js'
import { tempFolder } from '../support/temp.js'

/** Answers with what it was given: its arguments and the first line of the markdown on stdin. */
const PARTICIPANT = `#!/usr/bin/env node
let input = ''
process.stdin.on('data', (chunk) => (input += chunk))
process.stdin.on('end', () => {
  const args = process.argv.slice(2)
  const at = (flag) => args[args.indexOf(flag) + 1]
  require('node:fs').appendFileSync(at('--log-file'), 'called\\n')
  const title = (input.match(/^<!-- Title: (.*) -->$/m) || [])[1]
  const comment = ['title: ' + title, 'callout: ' + (at('--callout') || '-'), 'diagrams: ' + at('--diagrams-dir'), 'templates: ' + at('--templates-dir')].join('\\n')
  process.stdout.write(JSON.stringify({ comment, vote: 'READY' }))
})
`

async function setup() {
  const root = await tempFolder('discussions-external-')
  const bin = join(root, 'bin')
  await mkdir(join(root, '.git'), { recursive: true })
  await mkdir(bin, { recursive: true })
  const env = {
    ...process.env,
    PATH: [bin, pathWithNode()].join(':'),
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
  }
  const program = async (name: string) => {
    await writeFile(join(bin, name), PARTICIPANT)
    await chmod(join(bin, name), 0o755)
  }
  return { root, bin, env, program }
}

describe('external participants', () => {
  it('a discussion-<alias> program on PATH answers for that persona, with the protocol arguments', async () => {
    const { root, env, program } = await setup()
    await program('discussion-pragmatist')
    const engine = await openEngine({ cwd: root, env })
    const file = await engine.create({ title: 'Retry budget', participants: ['pragmatist'] })
    const result = await engine.runTurn(file, {
      participants: ['@pragmatist'],
      callout: 'Keep it short',
    })
    expect(result.answers[0]?.event).toMatchObject({
      type: 'done',
      provider: 'discussion-pragmatist',
      vote: 'READY',
    })
    const comment = parseDiscussion(await readFile(file, 'utf8')).comments[0]
    expect(comment?.author).toBe('AI-Pragmatist')
    expect(comment?.body).toContain('title: Retry budget')
    expect(comment?.body).toContain('callout: Keep it short')
    expect(comment?.body).toContain(`diagrams: ${join(root, 'discussions', 'diagrams')}`)
    expect(comment?.body).toMatch(/templates: \/.*templates/)
    expect(await readFile(join(root, '.state', 'participants', 'pragmatist.log'), 'utf8')).toBe(
      'called\n',
    )
  }, 30_000)

  it("a project persona's program runs only once the user trusts the project", async () => {
    const { root, env, program } = await setup()
    await program('local-reviewer')
    await mkdir(join(root, '.discussions', 'personas'), { recursive: true })
    await writeFile(
      join(root, '.discussions', 'personas', 'reviewer.yaml'),
      'name: AI-Reviewer\nalias: reviewer\nrole: Reviewer\npersonality: Reviews.\ncommand: local-reviewer\n',
    )
    const untrusted = await openEngine({ cwd: root, env })
    const file = await untrusted.create({ title: 'Cache', participants: ['reviewer'] })
    const refused = await untrusted.runTurn(file, { participants: ['@reviewer'] })
    expect(refused.answers[0]?.event).toMatchObject({ type: 'failed' })
    const reason = (refused.answers[0]?.event as { reason: string }).reason
    expect(reason).toContain('discussions trust')
    expect(parseDiscussion(await readFile(file, 'utf8')).comments).toEqual([])

    await trustProject(root, join(root, '.config'))
    const trusted = await openEngine({ cwd: root, env })
    const answered = await trusted.runTurn(file, { participants: ['@reviewer'] })
    expect(answered.answers[0]?.event).toMatchObject({ type: 'done', provider: 'local-reviewer' })
  }, 30_000)
})
