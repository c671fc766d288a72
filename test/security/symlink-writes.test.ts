/**
 * Writes never go through a link and never leave their folder. A hostile repository ships links
 * (`X.sum.md -> ~/.bashrc`, `diagrams -> /elsewhere`, `.discussions -> /elsewhere`); each write
 * of the project is attempted through the real path (the real bin, the real backend, the durable
 * write helper) against a folder "outside", and nothing there may change. Every attempt and every
 * escape is counted; the counts close the file.
 */
import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import {
  appendDurably,
  appendOrCreate,
  createDurably,
  ensureFolderInside,
  replaceDurably,
} from '../../src/node/store/durable-write.js'
import { diagramNameProblem } from '../../src/node/diagrams/diagram-name.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'
import { tempFolder } from '../support/temp.js'
import { backendIn } from '../app/backend-fixture.js'

const SECRET = '# my shell settings\nexport PATH=/usr/bin\n'
const tally = { attempts: 0, escapes: 0 }

/** A folder standing for the rest of the disk, holding one file a link will point at. */
async function outsideFolder(): Promise<{
  dir: string
  target: string
  snapshot: () => Promise<string>
}> {
  const dir = await tempFolder('discussions-outside-')
  const target = join(dir, 'bashrc')
  await writeFile(target, SECRET)
  const snapshot = async (): Promise<string> => {
    const names = (await readdir(dir, { recursive: true })).sort()
    const parts = await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name)
        const info = await stat(path)
        return info.isDirectory() ? `${name}/` : `${name}:${await readFile(path, 'utf8')}`
      }),
    )
    return parts.join('\n')
  }
  return { dir, target, snapshot }
}

/** Runs one attempt and counts an escape when anything outside changed. */
async function attempt(
  outside: Awaited<ReturnType<typeof outsideFolder>>,
  run: () => Promise<unknown>,
): Promise<void> {
  const before = await outside.snapshot()
  tally.attempts++
  await run()
  if ((await outside.snapshot()) !== before) tally.escapes++
  expect(await outside.snapshot()).toBe(before)
}

const DISCUSSION = `<!-- DISCUSSION -->
<!-- Title: D -->
<!-- Phase: initial_feedback -->
<!-- Template: feature -->

# D

---
`

/** The backend on `root`, with a discussion `d.md` in it. */
async function backendWithDiscussion(root: string) {
  await writeFile(join(root, 'd.md'), DISCUSSION)
  return { ...(await backendIn(root)), file: join(root, 'd.md') }
}

afterAll(() => {
  process.stdout.write(`symlink writes attempted: ${tally.attempts}, escapes: ${tally.escapes}\n`)
  expect(tally.escapes).toBe(0)
})

describe('the durable write helper', () => {
  it('refuses a final link and a folder that leads out, for every kind of write', async () => {
    const outside = await outsideFolder()
    const root = await tempFolder()
    await symlink(outside.target, join(root, 'link.md'))
    await symlink(outside.dir, join(root, 'out'))
    const writes: [string, () => Promise<unknown>][] = [
      ['replace through a link', () => replaceDurably(join(root, 'link.md'), 'x', root)],
      [
        'unsynced replace (a cache) through a link',
        () => replaceDurably(join(root, 'link.md'), 'x', root, { sync: false }),
      ],
      ['append through a link', () => appendDurably(join(root, 'link.md'), 'x', root)],
      ['append-or-create through a link', () => appendOrCreate(join(root, 'link.md'), 'x', root)],
      ['create over a link', () => createDurably(join(root, 'link.md'), 'x', root)],
      [
        'replace under a linked folder',
        () => replaceDurably(join(root, 'out', 'bashrc'), 'x', root),
      ],
      ['create under a linked folder', () => createDurably(join(root, 'out', 'new.md'), 'x', root)],
      ['mkdir under a linked folder', () => ensureFolderInside(join(root, 'out', 'a', 'b'), root)],
      ['replace with ..', () => replaceDurably(join(root, '..', 'x.md'), 'x', root)],
      [
        'unsynced replace under a linked folder',
        () => replaceDurably(join(root, 'out', 'bashrc'), 'x', root, { sync: false }),
      ],
    ]
    for (const [, write] of writes)
      await attempt(outside, () => expect(write()).rejects.toThrow(/outside|EEXIST/))
    // The same writes to ordinary names inside still work.
    await replaceDurably(join(root, 'ok.md'), 'one', root)
    await appendDurably(join(root, 'ok.md'), ' two', root)
    expect(await readFile(join(root, 'ok.md'), 'utf8')).toBe('one two')
    await replaceDurably(join(root, 'cache.json'), 'old', root, { sync: false })
    await replaceDurably(join(root, 'cache.json'), 'new', root, { sync: false })
    expect(await readFile(join(root, 'cache.json'), 'utf8')).toBe('new')
    // No temp file is left beside it.
    expect((await readdir(root)).filter((name) => name.startsWith('cache.json'))).toEqual([
      'cache.json',
    ])
  })
})

coldThenWarm('summarize (real bin)', () => {
  it('refuses a linked X.sum.md and leaves its target untouched', async () => {
    const outside = await outsideFolder()
    const space = await scriptedWorkspace({
      prefix: 'discussions-sumlink-',
      script: '#!/usr/bin/env node\nprocess.stdout.write("A short summary.")\n',
    })
    const file = join(space.root, 'd.md')
    await writeFile(file, DISCUSSION)
    await symlink(outside.target, join(space.root, 'd.sum.md'))
    await attempt(outside, async () => {
      const result = await space.run('summarize', file)
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/d\.sum\.md: is a link to .*bashrc, outside .*; not written/)
    })
    expect(await readFile(outside.target, 'utf8')).toBe(SECRET)
  }, 60_000)
})

describe('diagrams (backend)', () => {
  it('diagrams:save refuses a path under a linked folder, existing or not, with one message', async () => {
    const outside = await outsideFolder()
    const root = await tempFolder()
    const { backend, invoke, file } = await backendWithDiscussion(root)
    await symlink(outside.dir, join(root, 'linked'))
    await writeFile(join(outside.dir, 'there.puml'), '@startuml\n@enduml\n')
    const messages: string[] = []
    for (const ref of ['linked/there.puml', 'linked/new.puml', 'linked/deep/new.puml'])
      await attempt(outside, async () => {
        const error = await invoke('diagrams:save', {
          path: file,
          kind: 'plantuml',
          source: '@startuml\nA -> B\n@enduml\n',
          ref,
        }).catch((caught: unknown) => caught as Error)
        expect(error).toBeInstanceOf(Error)
        messages.push((error as Error).message.replace(ref, 'REF'))
      })
    // Whether a file exists outside is never told: the three answers read alike.
    expect(new Set(messages).size).toBe(1)
    expect(messages[0]).toMatch(/is outside the workspace/)
    backend.close()
  })

  it('diagrams:save of a new diagram refuses a diagrams/ folder that links out', async () => {
    const outside = await outsideFolder()
    const root = await tempFolder()
    const { backend, invoke, file } = await backendWithDiscussion(root)
    await symlink(outside.dir, join(root, 'diagrams'))
    await attempt(outside, () =>
      expect(
        invoke('diagrams:save', { path: file, kind: 'mermaid', source: 'graph LR; A-->B' }),
      ).rejects.toThrow(/diagrams: is a link to .*, outside .*not written/),
    )
    backend.close()
  })

  it('reads say "outside", never "no such file", under a folder that links out', async () => {
    const outside = await outsideFolder()
    const root = await tempFolder()
    const { backend, invoke } = await backendWithDiscussion(root)
    await symlink(outside.dir, join(root, 'linked'))
    const present = await invoke('diagrams:list', { path: join(root, 'linked', 'bashrc') }).catch(
      (error: unknown) => (error as Error).message,
    )
    const missing = await invoke('diagrams:list', { path: join(root, 'linked', 'nope.md') }).catch(
      (error: unknown) => (error as Error).message,
    )
    expect(String(present)).toMatch(/reached through the link .*linked -> .*, which leads outside/)
    expect(String(missing).replace('nope.md', 'bashrc')).toBe(String(present))
    backend.close()
  })

  it('personas:save refuses a project .discussions folder that links out', async () => {
    const outside = await outsideFolder()
    const root = await tempFolder()
    const { backend, invoke } = await backendWithDiscussion(root)
    await symlink(outside.dir, join(root, '.discussions'))
    const persona = {
      name: 'AI-Helper',
      alias: 'helper',
      role: 'Helper',
      personality: 'You help.',
      expertise: [],
      concerns: [],
      type: 'voting',
      provider_hint: null,
    }
    await attempt(outside, () =>
      expect(invoke('personas:save', { folder: root, target: 'project', persona })).rejects.toThrow(
        /outside .*not written/,
      ),
    )
    backend.close()
  })
})

coldThenWarm('the CLI writes (real bin)', () => {
  it('artifact new --name keeps names inside diagrams/ and with a diagram extension', async () => {
    const outside = await outsideFolder()
    const root = await tempFolder()
    await mkdir(join(root, '.git'))
    await writeFile(join(root, 'd.md'), DISCUSSION)
    // A stand-in artifact editor that saves the proposed name where it was asked to.
    const bin = await tempFolder()
    await writeFile(
      join(bin, 'artifact-editor'),
      '#!/bin/sh\ntouch "$2/$4"; echo "ARTIFACT_SAVED:$2/$4"\n',
    )
    await chmod(join(bin, 'artifact-editor'), 0o755)
    const env = {
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
      DISPLAY: ':0',
      PATH: `${bin}:${process.env.PATH ?? ''}`,
    }
    const run = (...args: string[]) => runDiscussions(args, { cwd: root, env })
    const evil = `../../../../../../..${outside.dir}/evil.puml`
    for (const [name, why] of [
      [evil, /give a file name only/],
      ['flow.txt', /must end in a diagram extension/],
    ] as const)
      await attempt(outside, async () => {
        const result = await run('artifact', 'new', 'd.md', '--name', name)
        expect(result.code).toBe(2)
        expect(result.stderr).toMatch(why)
        expect(result.stderr.trim().split('\n')).toHaveLength(1)
      })
    // The rule itself, for the names the bin was not started for (each start costs a second).
    expect(diagramNameProblem('../../evil.puml')).toMatch(/file name only/)
    expect(diagramNameProblem('.hidden.puml')).toMatch(/hidden/)
    expect(diagramNameProblem('a\u0007.puml')).toMatch(/control/)
    expect(diagramNameProblem('Flow.PUML')).toBeNull()
    // A good name still works: the editor saves it in diagrams/.
    const good = await run('artifact', 'new', 'd.md', '--name', 'flow.puml')
    expect(good).toMatchObject({ code: 0, stdout: 'DIAGRAM: diagrams/flow.puml\n' })
    await attempt(outside, async () => {
      // diagrams/ itself linked out: refused before the editor starts.
      await mkdir(join(root, 'sub'))
      await writeFile(join(root, 'sub', 'e.md'), DISCUSSION)
      await symlink(outside.dir, join(root, 'sub', 'diagrams'))
      const result = await run('artifact', 'new', 'sub/e.md', '--name', 'x.puml')
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/outside .*not written/)
    })
  }, 120_000)

  it('new never writes over a linked file name, and trust never writes through a link', async () => {
    const outside = await outsideFolder()
    const root = await tempFolder()
    await mkdir(join(root, '.git'))
    const config = join(root, '.config')
    await mkdir(config)
    const env = { DISCUSSIONS_CONFIG_DIR: config, DISCUSSIONS_STATE_DIR: join(root, '.state') }
    const run = (...args: string[]) => runDiscussions(args, { cwd: root, env })
    await mkdir(join(root, 'discussions'))
    await symlink(outside.target, join(root, 'discussions', 't.md'))
    await attempt(outside, async () => {
      const created = await run('new', 'T', '--dir', join(root, 'discussions'))
      expect(created.code).toBe(0)
      expect(created.stdout).toMatch(/t-2\.md/)
    })
    await symlink(outside.target, join(config, 'trusted-projects.json'))
    await attempt(outside, async () => {
      const trusted = await run('trust')
      expect(trusted.code).not.toBe(0)
      expect(trusted.stderr).toMatch(
        /trusted-projects\.json: is a link to .*, outside .*; not written/,
      )
    })
  }, 60_000)
})
