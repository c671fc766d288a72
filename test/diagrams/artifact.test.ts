// The ARTIFACT_SAVED protocol with real stand-in editor scripts, and `discussions artifact new`
// with a scripted $EDITOR when there is no display.
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { launchArtifactEditor } from '../../src/node/diagrams/artifact-editor.js'
import { coldThenWarm, runDiscussions, runInTerminal } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

async function script(folder: string, name: string, body: string): Promise<string> {
  const file = join(folder, name)
  await writeFile(file, `#!/bin/sh\n${body}\n`)
  await chmod(file, 0o755)
  return file
}

async function setup() {
  const root = await tempFolder()
  const bin = await tempFolder()
  const outside = await tempFolder()
  const outputDir = join(root, 'diagrams')
  await mkdir(outputDir)
  const launch = (editor: string) =>
    launchArtifactEditor({
      editor,
      outputDir,
      proposedName: 'd-1.puml',
      roots: [root],
      relativeTo: root,
      env: { PATH: `${bin}:/usr/bin:/bin` },
    })
  return { root, bin, outside, outputDir, launch }
}

describe('the artifact editor protocol', () => {
  it('accepts a saved file whose extension changed, relative to the discussion', async () => {
    const { bin, launch } = await setup()
    // Like the real editor: told the folder and a .puml name, the person saved an SVG instead.
    await script(
      bin,
      'stand-in-editor',
      [
        'while [ $# -gt 0 ]; do case "$1" in --output-dir) dir=$2; shift;; --name) name=$2; shift;; esac; shift; done',
        'echo "starting the editor"',
        'printf "<svg xmlns=\'http://www.w3.org/2000/svg\'/>" > "$dir/${name%.puml}.svg"',
        'echo "ARTIFACT_SAVED:$dir/${name%.puml}.svg"',
      ].join('\n'),
    )
    expect(await launch('stand-in-editor --theme dark')).toEqual({
      kind: 'saved',
      path: expect.stringMatching(/diagrams\/d-1\.svg$/),
      relative: 'diagrams/d-1.svg',
    })
  })

  it('refuses a saved path outside the workspace, a missing file and a non-diagram', async () => {
    const { bin, outside, launch } = await setup()
    await writeFile(join(outside, 'x.puml'), '@startuml\n@enduml\n')
    await script(bin, 'outside', `echo "ARTIFACT_SAVED:${join(outside, 'x.puml')}"`)
    expect(await launch('outside')).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/outside the workspace/),
    })
    await script(bin, 'missing', 'echo "ARTIFACT_SAVED:$2/nothing.puml"')
    expect(await launch('missing')).toMatchObject({ kind: 'refused' })
    await script(bin, 'text', 'echo hi > "$2/notes.txt"; echo "ARTIFACT_SAVED:$2/notes.txt"')
    expect(await launch('text')).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/not a diagram/),
    })
  })

  it('trusts only its own stdout: not stderr, not a line inside other text', async () => {
    const { bin, outputDir, launch } = await setup()
    await writeFile(join(outputDir, 'planted.puml'), '@startuml\n@enduml\n')
    await script(
      bin,
      'quiet',
      `echo "ARTIFACT_SAVED:${join(outputDir, 'planted.puml')}" >&2\necho "said ARTIFACT_SAVED:${join(outputDir, 'planted.puml')}"`,
    )
    expect(await launch('quiet')).toMatchObject({ kind: 'cancelled' })
  })

  it('says how to configure an editor when there is none', async () => {
    const { launch } = await setup()
    expect(await launch('no-such-editor-here')).toMatchObject({
      kind: 'no-editor',
      message: expect.stringMatching(/artifact_editor in discussions\.yaml/),
    })
  })
})

coldThenWarm('discussions artifact new', () => {
  it('without a display, edits a new .puml with $EDITOR and adds the DIAGRAM line', async () => {
    const root = await tempFolder()
    const bin = await tempFolder()
    // A comment's text that looks like the protocol must never be taken as a saved artifact.
    const created = await runDiscussions(['new', 'Cache layer', '--dir', root], {
      cwd: root,
      env: { HOME: root, DISPLAY: '', WAYLAND_DISPLAY: '' },
    })
    expect(created.code).toBe(0)
    const file = join(root, 'cache-layer.md')
    await mkdir(join(root, 'diagrams'))
    await writeFile(join(root, 'diagrams', 'planted.puml'), '@startuml\n@enduml\n')
    const planted = `ARTIFACT_SAVED:${join(root, 'diagrams', 'planted.puml')}`
    await runDiscussions(['comment', 'cache-layer.md', planted, '--author', 'AI-Mallory'], {
      cwd: root,
      env: { HOME: root },
    })
    const editor = await script(
      bin,
      'ed-standin',
      'printf "@startuml\\nUser -> App\\n@enduml\\n" > "$1"',
    )
    // $EDITOR is a terminal editor: it runs only where there is a terminal.
    const run = await runInTerminal(
      ['artifact', 'new', 'cache-layer.md', '--comment', 'Here is the flow.'],
      {
        cwd: root,
        env: {
          HOME: root,
          DISPLAY: '',
          WAYLAND_DISPLAY: '',
          VISUAL: '',
          EDITOR: editor,
          DISCUSSIONS_USER: 'Rob',
        },
      },
    )
    expect(run.stdout).toContain('Added a comment')
    expect(run.code).toBe(0)
    const [saved] = (await readdir(join(root, 'diagrams'))).filter(
      (name) => name !== 'planted.puml',
    )
    expect(saved).toMatch(/^cache-layer-\d{8}T\d{6}\.puml$/)
    expect(run.stdout).toMatch(new RegExp(`^DIAGRAM: diagrams/${saved}\\r?$`, 'm'))
    expect(await readFile(join(root, 'diagrams', saved ?? ''), 'utf8')).toContain('User -> App')
    const text = await readFile(file, 'utf8')
    expect(text).toMatch(
      new RegExp(`Name: Rob\\n\\nHere is the flow\\.\\n\\nDIAGRAM: diagrams/${saved}`),
    )
  })

  it('without a display or an editor says how to set one', async () => {
    const root = await tempFolder()
    await runDiscussions(['new', 'X', '--dir', root], { cwd: root, env: { HOME: root } })
    const run = await runDiscussions(['artifact', 'new', 'x.md'], {
      cwd: root,
      env: { HOME: root, DISPLAY: '', WAYLAND_DISPLAY: '', VISUAL: '', EDITOR: '' },
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/neither \$VISUAL nor \$EDITOR is set.*artifact_editor/)
  })
})
