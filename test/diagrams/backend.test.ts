// The diagrams, artifacts and speech parts of the backend, over real files, the real plantuml and
// stand-in programs (an artifact editor, an espeak-ng that records what it was asked to say).
import { chmod, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { createBackend } from '../../src/backend/index.js'
import type { Shell } from '../../src/backend/index.js'
import type { InvokeChannel } from '../../src/shared/contract/index.js'
import { trustProject } from '../../src/node/providers/trust.js'
import { startCanary } from '../support/canary.js'
import { tempFolder } from '../support/temp.js'

const DISCUSSION = `<!-- DISCUSSION -->
<!-- Title: D -->
<!-- Phase: initial_feedback -->
<!-- Template: feature -->

# D

---

Name: AI-Visualizer
Flow.

DIAGRAM: diagrams/flow.puml

---

Name: Rob
Two more.

DIAGRAM: diagrams/life.mmd
DIAGRAM: ../../../../../../etc/passwd

---
`

async function script(folder: string, name: string, body: string): Promise<string> {
  const file = join(folder, name)
  await writeFile(file, `#!/bin/sh\n${body}\n`)
  await chmod(file, 0o755)
  return file
}

async function setup(shell: Shell = { mode: 'browser' }, extraEnv: NodeJS.ProcessEnv = {}) {
  const root = await tempFolder()
  const bin = await tempFolder()
  await mkdir(join(root, '.git'))
  await mkdir(join(root, 'diagrams'))
  await writeFile(join(root, 'd.md'), DISCUSSION)
  await writeFile(join(root, 'diagrams', 'flow.puml'), '@startuml\nA -> B : go\n@enduml\n')
  await writeFile(join(root, 'diagrams', 'life.mmd'), 'graph TD; A-->B')
  const env = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
    ...extraEnv,
  }
  const backend = await createBackend({
    shell,
    env,
    platform: process.platform,
    folders: [root],
    version: '0',
  })
  const invoke = async <T>(channel: InvokeChannel, request: unknown): Promise<T> => {
    const reply = await backend.invoke(channel, request)
    if ('error' in reply) throw new Error(reply.error.message)
    return reply.value as T
  }
  return { root, bin, backend, invoke, file: join(root, 'd.md') }
}

describe('diagrams:list and diagrams:render', () => {
  it('lists references with author and line, and never reads a path outside', async () => {
    const { invoke, file, backend } = await setup()
    const list = await invoke<{ diagrams: Record<string, unknown>[]; support: unknown }>(
      'diagrams:list',
      { path: file },
    )
    expect(list.diagrams).toMatchObject([
      {
        ref: 'diagrams/flow.puml',
        kind: 'plantuml',
        exists: true,
        author: 'AI-Visualizer',
        line: 13,
      },
      { ref: 'diagrams/life.mmd', kind: 'mermaid', exists: true, author: 'Rob', comment: 1 },
      { file: null, problem: expect.stringMatching(/outside the workspace/) },
    ])
    expect(list.support).toMatchObject({ plantuml: 'local', graphviz: true, hints: [] })

    const rendered = await invoke<Record<string, unknown>[]>('diagrams:render', {
      path: file,
      refs: ['diagrams/flow.puml', 'diagrams/life.mmd', '../../../../../../etc/passwd'],
    })
    expect(rendered[0]).toMatchObject({
      kind: 'plantuml',
      error: null,
      svg: expect.stringContaining('go'),
    })
    expect(rendered[1]).toMatchObject({ kind: 'mermaid', source: 'graph TD; A-->B', svg: null })
    expect(rendered[2]).toMatchObject({
      svg: null,
      source: null,
      error: expect.stringMatching(/outside/),
    })
    backend.close()
  })
})

describe("a project's plantuml_server", () => {
  it('receives nothing until the project is trusted, and the panel says why', async () => {
    const canary = await startCanary()
    try {
      // No java on PATH: without a local PlantUML, a server would be the way to render.
      const { root, invoke, file, backend } = await setup({ mode: 'browser' }, { PATH: '' })
      await writeFile(join(root, 'discussions.yaml'), `plantuml_server: ${canary.url}/plantuml\n`)
      const list = await invoke<{ support: { plantuml: string | null; hints: string[] } }>(
        'diagrams:list',
        { path: file },
      )
      expect(list.support.plantuml).toBeNull()
      expect(list.support.hints).toEqual([
        expect.stringMatching(/^Java is not installed/),
        expect.stringMatching(/comes from a project you have not trusted.*discussions trust/),
      ])
      const [rendered] = await invoke<Record<string, unknown>[]>('diagrams:render', {
        path: file,
        refs: ['diagrams/flow.puml'],
      })
      expect(rendered).toMatchObject({
        svg: null,
        source: expect.stringContaining('A -> B'),
        error: expect.stringMatching(
          /^Not rendered: Java is not installed, so the source is shown/,
        ),
      })
      expect(canary.requests).toEqual([])
      backend.close()

      // The same kind of project, trusted: its server is asked.
      const trusted = await setup({ mode: 'browser' }, { PATH: '' })
      await writeFile(
        join(trusted.root, 'discussions.yaml'),
        `plantuml_server: ${canary.url}/plantuml\n`,
      )
      await trustProject(trusted.root, join(trusted.root, '.config'))
      await trusted.invoke('diagrams:render', { path: trusted.file, refs: ['diagrams/flow.puml'] })
      expect(canary.requests).toEqual([expect.stringMatching(/^GET \/plantuml\/svg\//)])
      trusted.backend.close()
    } finally {
      await canary.close()
    }
  })
})

describe('diagrams:save, diagrams:open and diagrams:preview', () => {
  it('saves the built-in editor text as a new file or over a diagram of the same kind', async () => {
    const { invoke, file, root } = await setup()
    const saved = await invoke<{ ref: string }>('diagrams:save', {
      path: file,
      kind: 'mermaid',
      source: 'graph LR; X-->Y',
    })
    expect(saved.ref).toMatch(/^diagrams\/d-\d{8}T\d{6}\.mmd$/)
    expect(await readFile(join(root, saved.ref), 'utf8')).toBe('graph LR; X-->Y')
    await invoke('diagrams:save', {
      path: file,
      kind: 'plantuml',
      source: '@startuml\nC -> D\n@enduml\n',
      ref: 'diagrams/flow.puml',
    })
    expect(await readFile(join(root, 'diagrams', 'flow.puml'), 'utf8')).toContain('C -> D')
    await expect(
      invoke('diagrams:save', {
        path: file,
        kind: 'plantuml',
        source: 'x',
        ref: 'diagrams/life.mmd',
      }),
    ).rejects.toThrow(/not a plantuml file/)
    await expect(
      invoke('diagrams:save', { path: file, kind: 'plantuml', source: 'x', ref: '../../x.puml' }),
    ).rejects.toThrow(/outside the workspace/)
  })

  it('opens a diagram in the artifact editor, else the built-in one; never the system default', async () => {
    const headless = await setup({ mode: 'browser' }, { DISPLAY: '' })
    expect(
      await headless.invoke('diagrams:open', { path: headless.file, ref: 'diagrams/flow.puml' }),
    ).toMatchObject({ opened: false, message: expect.stringMatching(/built-in editor/) })

    const desktop = await setup({ mode: 'electron' }, { DISPLAY: ':0' })
    expect(
      await desktop.invoke('diagrams:open', { path: desktop.file, ref: 'diagrams/flow.puml' }),
    ).toMatchObject({ opened: false })
    const args = join(desktop.bin, 'args.txt')
    await script(
      desktop.bin,
      'artifact-editor',
      `echo "$@" > "${args}"; echo "ARTIFACT_SAVED:$2/$4"`,
    )
    expect(
      await desktop.invoke('diagrams:open', { path: desktop.file, ref: 'diagrams/flow.puml' }),
    ).toMatchObject({ opened: true, message: 'Saved diagrams/flow.puml.' })
    expect(await readFile(args, 'utf8')).toBe(
      `--output-dir ${join(desktop.root, 'diagrams')} --name flow.puml\n`,
    )
  })

  it('refuses to open anything but a diagram: .desktop, .bat, .command, .app, or a link to one', async () => {
    const { root, bin, invoke, file } = await setup({ mode: 'electron' }, { DISPLAY: ':0' })
    const ran = join(bin, 'ran.txt')
    await script(bin, 'artifact-editor', `echo "$@" >> "${ran}"`)
    await writeFile(join(root, 'diagrams', 'run.desktop'), '[Desktop Entry]\nExec=touch /tmp/x\n')
    await writeFile(join(root, 'diagrams', 'run.bat'), 'calc.exe\r\n')
    await writeFile(join(root, 'diagrams', 'run.command'), '#!/bin/sh\ntouch /tmp/x\n')
    await mkdir(join(root, 'diagrams', 'run.app'))
    await symlink(join(root, 'diagrams', 'run.desktop'), join(root, 'diagrams', 'innocent.puml'))
    for (const ref of ['run.desktop', 'run.bat', 'run.command', 'run.app', 'innocent.puml'])
      await expect(invoke('diagrams:open', { path: file, ref: `diagrams/${ref}` })).rejects.toThrow(
        /not a diagram .*only diagrams open/,
      )
    await expect(readFile(ran, 'utf8')).rejects.toThrow(/ENOENT/)
  })

  it('previews PlantUML and refuses blocked directives', async () => {
    const { invoke } = await setup()
    expect(
      await invoke('diagrams:preview', { source: '@startuml\nP -> Q\n@enduml' }),
    ).toMatchObject({ svg: expect.stringContaining('<svg') })
    expect(
      await invoke('diagrams:preview', { source: '@startuml\n!includeurl http://x\n@enduml' }),
    ).toMatchObject({
      svg: null,
      error: expect.stringMatching(/Refused/),
      line: 2,
    })
  })
})

describe('artifacts:launch', () => {
  it('falls back to the built-in editor without a display, and runs the editor with one', async () => {
    const headless = await setup({ mode: 'browser' }, { DISPLAY: '' })
    expect(await headless.invoke('artifacts:launch', { path: headless.file })).toMatchObject({
      outcome: 'fallback',
    })

    const withDisplay = await setup({ mode: 'electron' }, { DISPLAY: ':0' })
    const missing = await withDisplay.invoke('artifacts:launch', { path: withDisplay.file })
    expect(missing).toMatchObject({
      outcome: 'fallback',
      message: expect.stringMatching(/artifact_editor/),
    })
    await script(withDisplay.bin, 'artifact-editor', 'touch "$2/$4"; echo "ARTIFACT_SAVED:$2/$4"')
    expect(await withDisplay.invoke('artifacts:launch', { path: withDisplay.file })).toMatchObject({
      outcome: 'saved',
      ref: expect.stringMatching(/^diagrams\/d-\d{8}T\d{6}\.puml$/),
    })
  })

  it("runs a project's own editor only once the project is trusted", async () => {
    const { root, invoke, file, bin } = await setup({ mode: 'electron' }, { DISPLAY: ':0' })
    const editor = await script(bin, 'evil-editor', 'touch /tmp/should-not-run')
    await writeFile(join(root, 'discussions.yaml'), `artifact_editor: ${editor}\n`)
    expect(await invoke('artifacts:launch', { path: file })).toMatchObject({
      outcome: 'refused',
      message: expect.stringMatching(/not trusted.*discussions trust/),
    })
  })
})

describe('speech', () => {
  it('is never done by the server in browser mode', async () => {
    const { invoke, bin } = await setup()
    await script(bin, 'espeak-ng', 'cat > /dev/null')
    expect(await invoke('speech:status', {})).toMatchObject({
      program: null,
      hint: expect.stringMatching(/espeak-ng/),
    })
    await expect(invoke('speech:say', { text: 'hello' })).rejects.toThrow(/install espeak-ng/)
  })

  it('speaks through espeak-ng in the desktop app, with the text on stdin, and stops', async () => {
    const { invoke, bin } = await setup({ mode: 'electron' })
    const heard = join(bin, 'heard.txt')
    await script(bin, 'espeak-ng', `[ "$1" = "--stdin" ] && cat > "${heard}"`)
    expect(await invoke('speech:status', {})).toMatchObject({ program: 'espeak-ng' })
    const text = 'Hello; $(rm -rf /) `uname` world'
    expect(await invoke('speech:say', { text })).toEqual({ stopped: false, failure: null })
    expect(await readFile(heard, 'utf8')).toBe(text)

    await script(bin, 'espeak-ng', 'exec sleep 30')
    const speaking = invoke<{ stopped: boolean }>('speech:say', { text: 'a long one' })
    // Stop until it has taken effect: the child may not have started at the first call.
    let stopped = false
    while (!stopped) stopped = (await invoke<{ stopped: boolean }>('speech:stop', {})).stopped
    expect(await speaking).toEqual({ stopped: true, failure: null })
  })
})
