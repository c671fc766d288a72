// `discussions cleanup`: orphaned diagram files found across a real workspace and deleted only
// after confirmation; the real bin in a child process.
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { resolveDiagramPath } from '../../src/node/diagrams/confine.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const DISCUSSION = (body: string) =>
  `<!-- DISCUSSION -->\n<!-- Title: T -->\n<!-- Phase: x -->\n\n# T\n\n---\n\nName: Rob\n${body}\n\n---\n`

async function workspace(): Promise<string> {
  const root = await tempFolder()
  await mkdir(join(root, 'diagrams'))
  await mkdir(join(root, 'team', 'diagrams'), { recursive: true })
  await mkdir(join(root, 'assets'))
  await writeFile(join(root, 'd.md'), DISCUSSION('Look.\n\nDIAGRAM: diagrams/used.puml'))
  await writeFile(join(root, 'diagrams', 'used.puml'), '@startuml\nA -> B\n@enduml\n')
  await writeFile(join(root, 'diagrams', 'orphan.svg'), '<svg/>')
  await writeFile(join(root, 'diagrams', 'notes.txt'), 'not a diagram')
  // Referenced only from a summary file, and in a nested discussion folder.
  await writeFile(join(root, 'team', 'plan.sum.md'), '# Summary\n\nDIAGRAM: diagrams/flow.mmd\n')
  await writeFile(join(root, 'team', 'diagrams', 'flow.mmd'), 'graph TD; A-->B')
  // Inside a code fence a DIAGRAM line is content, so this one is an orphan.
  await writeFile(join(root, 'team', 'diagrams', 'fenced.puml'), '@startuml\n@enduml\n')
  await writeFile(join(root, 'team', 'x.md'), DISCUSSION('```\nDIAGRAM: diagrams/fenced.puml\n```'))
  // Outside a diagrams/ folder: never offered for deletion.
  await writeFile(join(root, 'assets', 'logo.svg'), '<svg/>')
  return root
}

coldThenWarm('discussions cleanup', () => {
  it('lists the diagrams nothing references, summaries and nested folders included', async () => {
    const root = await workspace()
    const run = await runDiscussions(['cleanup', '--dir', root])
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      'diagrams/orphan.svg',
      'team/diagrams/fenced.puml',
    ])
    expect(run.stderr).toContain('2 orphaned diagrams. Run with --delete')
    const json = await runDiscussions(['cleanup', '--dir', root, '--json'])
    expect(JSON.parse(json.stdout)).toMatchObject({ scanned: 3 })
  })

  it('deletes nothing when the answer is no, or when stdin ends unanswered', async () => {
    const root = await workspace()
    for (const input of ['n\n', '']) {
      const run = await runDiscussions(['cleanup', '--dir', root, '--delete'], { input })
      expect(run.stderr).toContain('Delete 2 orphaned diagrams? [y/N] Nothing deleted.')
    }
    expect(await readdir(join(root, 'diagrams'))).toContain('orphan.svg')
  })

  it('deletes the orphans after a yes, and with --yes without asking', async () => {
    const root = await workspace()
    const run = await runDiscussions(['cleanup', '--dir', root, '--delete'], { input: 'y\n' })
    expect(run.stderr).toContain('Deleted 2.')
    expect((await readdir(join(root, 'diagrams'))).sort()).toEqual(['notes.txt', 'used.puml'])
    expect(await readdir(join(root, 'team', 'diagrams'))).toEqual(['flow.mmd'])
    expect(await readdir(join(root, 'assets'))).toEqual(['logo.svg'])

    await writeFile(join(root, 'diagrams', 'late.puml'), '@startuml\n@enduml\n')
    const yes = await runDiscussions(['cleanup', '--dir', root, '--delete', '--yes'])
    expect(yes.stderr).not.toContain('[y/N]')
    expect(yes.stderr).toContain('Deleted 1.')
  })
})

describe('DIAGRAM path confinement', () => {
  it('resolves relative to the discussion and refuses paths that leave the workspace', async () => {
    const root = await tempFolder()
    const outside = await tempFolder()
    await mkdir(join(root, 'sub', 'diagrams'), { recursive: true })
    await writeFile(join(root, 'sub', 'diagrams', 'a.puml'), 'x')
    await writeFile(join(outside, 'secret.puml'), 'secret')
    await symlink(join(outside, 'secret.puml'), join(root, 'sub', 'diagrams', 'link.puml'))
    const file = join(root, 'sub', 'd.md')

    expect(await resolveDiagramPath(file, 'diagrams/a.puml', [root])).toMatchObject({
      ok: true,
      exists: true,
    })
    expect(await resolveDiagramPath(file, 'diagrams/new.puml', [root])).toMatchObject({
      ok: true,
      exists: false,
    })
    for (const ref of [
      '../../etc/passwd',
      join(outside, 'secret.puml'),
      'diagrams/link.puml',
      'https://evil.example/x.svg',
      'file:///etc/passwd',
    ]) {
      const resolved = await resolveDiagramPath(file, ref, [root])
      expect(resolved.ok, ref).toBe(false)
    }
  })
})
