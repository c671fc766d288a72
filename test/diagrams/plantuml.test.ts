// PlantUML rendering with the real Debian `plantuml` and graphviz that .ci/run installs.
import { describe, expect, it } from 'vitest'

import {
  findLocalPlantUml,
  renderWithLocalPlantUml,
} from '../../src/node/diagrams/plantuml-local.js'
import { GRAPHVIZ_HINT, parsePlantUmlSvg } from '../../src/node/diagrams/plantuml-output.js'
import { NO_PLANTUML, PlantUmlRenderer } from '../../src/node/diagrams/plantuml-renderer.js'
import { plantUmlServerUrl } from '../../src/node/diagrams/plantuml-server.js'

const SEQUENCE = '@startuml\nAlice -> Bob: hello\nBob --> Alice: hi\n@enduml\n'
const CLASS = '@startuml\nclass Engine\nclass Store\nEngine --> Store : appends\n@enduml\n'
const BROKEN = '@startuml\nthis is not plantuml at all\n@enduml\n'

describe('local PlantUML', () => {
  it('is found (Debian package or PLANTUML_JAR) with an empty environment for the JVM', async () => {
    const command = await findLocalPlantUml(process.env)
    expect(command).not.toBeNull()
    expect(command?.env).toMatchObject({ PLANTUML_SECURITY_PROFILE: 'SANDBOX' })
    expect(Object.keys(command?.env ?? {})).not.toContain('HOME')
  })

  it('renders several diagrams in one start: sequence, class (graphviz) and a syntax error', async () => {
    const command = await findLocalPlantUml(process.env)
    if (!command) throw new Error('plantuml is not installed (see .ci/run)')
    const [sequence, klass, broken] = await renderWithLocalPlantUml(command, [
      SEQUENCE,
      CLASS,
      BROKEN,
    ])
    expect(sequence).toMatchObject({ ok: true })
    expect(sequence?.ok && sequence.svg).toMatch(/^<svg[\s\S]*Alice[\s\S]*<\/svg>$/)
    expect(klass?.ok && klass.svg).toContain('Engine')
    expect(broken).toMatchObject({ ok: false, line: 2 })
    expect(!broken?.ok && broken?.error).toMatch(/syntax error at line 2/)
  })

  it('does not let a diagram read the environment even without the blocklist', async () => {
    const command = await findLocalPlantUml(process.env)
    if (!command) throw new Error('plantuml is not installed')
    const secret = '@startuml\nAlice -> Bob: [%getenv("DISCUSSIONS_SECRET")]\n@enduml\n'
    const previous = process.env.DISCUSSIONS_SECRET
    process.env.DISCUSSIONS_SECRET = 'sk-should-never-appear'
    try {
      const [result] = await renderWithLocalPlantUml(command, [secret])
      expect(result?.ok && result.svg).not.toContain('sk-should-never-appear')
    } finally {
      if (previous === undefined) delete process.env.DISCUSSIONS_SECRET
      else process.env.DISCUSSIONS_SECRET = previous
    }
  })
})

describe('PlantUmlRenderer', () => {
  it('refuses blocked directives without starting PlantUML', async () => {
    const renderer = new PlantUmlRenderer({ env: { PATH: '' } })
    const [result] = await renderer.render([
      { name: 'x.puml', source: '@startuml\n!include /etc/passwd\n@enduml\n' },
    ])
    expect(result).toMatchObject({ ok: false, line: 2 })
    expect(!result?.ok && result?.error).toMatch(
      /Refused to render: line 2 "!include \/etc\/passwd"/,
    )
  })

  it('says how to install PlantUML when there is none and no server', async () => {
    const renderer = new PlantUmlRenderer({ env: { PATH: '' } })
    const [result] = await renderer.render([{ name: 'a.puml', source: SEQUENCE }])
    expect(result).toEqual({ ok: false, error: NO_PLANTUML })
    expect(await renderer.status()).toEqual({ engine: null, graphviz: '/usr/bin/dot' })
  })

  it('caches by content: the same source renders once, a changed one again', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env })
    const [first] = await renderer.render([{ name: 'a', source: SEQUENCE }])
    // A second render with PlantUML gone still answers from the cache.
    const status = await renderer.status()
    expect(status.engine?.kind).toBe('local')
    expect(status.graphviz).not.toBeNull()
    const [again, twice] = await renderer.render([
      { name: 'b', source: SEQUENCE },
      { name: 'c', source: SEQUENCE },
    ])
    expect(again).toBe(first)
    expect(twice).toBe(first)
    const [changed] = await renderer.render([{ name: 'd', source: SEQUENCE.replace('hi', 'yo') }])
    expect(changed).not.toBe(first)
    expect(changed?.ok && changed.svg).toContain('yo')
  })

  it('refuses sources over the size cap', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env })
    const huge = `@startuml\n${'A -> B\n'.repeat(20_000)}@enduml\n`
    const [result] = await renderer.render([{ name: 'big', source: huge }])
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/larger than/) })
  })
})

describe('PlantUML output and server URLs', () => {
  it('recognises a missing Graphviz drawn inside the SVG and says what to install', () => {
    const svg =
      '<svg><text x="1">Dot Executable: /usr/bin/dot</text><text>File does not exist</text>' +
      '<text>Cannot find Graphviz. You should try</text></svg>'
    expect(parsePlantUmlSvg(svg)).toEqual({ ok: false, error: GRAPHVIZ_HINT })
    expect(GRAPHVIZ_HINT).toMatch(/apt install graphviz/)
  })

  it('builds the server URL with plantuml-encoder (the encoding plantuml -decodeurl reads)', () => {
    const url = plantUmlServerUrl('https://plantuml.example/', SEQUENCE)
    expect(url).toMatch(/^https:\/\/plantuml\.example\/svg\/[0-9A-Za-z_-]+$/)
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
})
