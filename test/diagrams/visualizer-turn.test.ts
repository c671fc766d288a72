// The visualizer's PlantUML becomes a file under diagrams/ and a DIAGRAM: line, through the real
// engine, file store and the offline demo provider.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { attachDiagram } from '../../src/core/diagrams/attach.js'
import { extractDiagrams } from '../../src/core/diagrams/extract.js'
import { openEngine } from '../../src/node/engine/open-engine.js'
import { tempFolder } from '../support/temp.js'
import { admitText } from '../../src/core/text/text.js'

describe('the visualizer turn', () => {
  it('saves the PlantUML as diagrams/<slug>-<time>.puml and writes a DIAGRAM: line', async () => {
    const folder = await tempFolder()
    const env = { PATH: process.env.PATH, HOME: join(folder, 'home') }
    const engine = await openEngine({ cwd: folder, env })
    const file = await engine.create({ title: 'Cache layer', dir: folder, participants: [] })
    const result = await engine.runTurn(file, { participants: ['visualizer'], provider: 'demo' })
    expect(result.answers.map((answer) => answer.outcome)).toEqual(['done'])

    const saved = await readdir(join(folder, 'diagrams'))
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatch(/^cache-layer-\d{8}T\d{6}\.puml$/)
    const source = await readFile(join(folder, 'diagrams', saved[0] ?? ''), 'utf8')
    expect(source).toMatch(/^@startuml\n[\s\S]*@enduml\n$/)

    const { view } = await engine.load(file)
    const comment = view.comments.at(-1)
    expect(comment?.author).toBe('AI-Visualizer')
    expect(comment?.body).toContain(`DIAGRAM: diagrams/${saved[0]}`)
    expect(comment?.body).not.toContain('@startuml')
    expect(view.diagrams.map((diagram) => diagram.path)).toEqual([`diagrams/${saved[0]}`])
  })
})

describe('extractDiagrams and attachDiagram', () => {
  const answer = 'Here it is.\n\n```plantuml\n@startuml\nA -> B\n@enduml\n```\n\nQ: is B async?'

  it('takes the first PlantUML block and puts the DIAGRAM line in its place', async () => {
    const found = extractDiagrams(answer)
    expect(found?.sources).toEqual(['@startuml\nA -> B\n@enduml\n'])
    const text = await attachDiagram(admitText(answer), '/w/d.md', () =>
      Promise.resolve('diagrams/d-1.puml'),
    )
    expect(text).toBe('Here it is.\n\nDIAGRAM: diagrams/d-1.puml\n\nQ: is B async?')
  })

  it('recognises an unlabelled block by @startuml and ignores other code', () => {
    expect(extractDiagrams('```\n@startuml\nX\n@enduml\n```')?.sources[0]).toContain('X')
    expect(extractDiagrams('```ts\nconst x = 1\n```')).toBeNull()
  })

  it('takes a bare block, as a person pastes it, and every block of the comment', async () => {
    const comment =
      'Two views:\n\n@startuml\nA -> B : @architect\n@enduml\n\nand\n\n```puml\nC -> D\n```\n\nDone.'
    expect(extractDiagrams(comment)?.sources).toEqual([
      '@startuml\nA -> B : @architect\n@enduml\n',
      '@startuml\nC -> D\n@enduml\n',
    ])
    let n = 0
    const text = await attachDiagram(admitText(comment), '/w/d.md', () =>
      Promise.resolve(`diagrams/d-${++n}.puml`),
    )
    expect(text).toBe(
      'Two views:\n\nDIAGRAM: diagrams/d-1.puml\n\nand\n\nDIAGRAM: diagrams/d-2.puml\n\nDone.',
    )
  })

  it('leaves an unclosed bare block as text; a fence holding @startuml is a diagram', () => {
    expect(extractDiagrams('@startuml\nA -> B')).toBeNull()
    expect(extractDiagrams('````md\n@startuml\nA\n@enduml\n````')?.sources).toEqual([
      '@startuml\nA\n@enduml\n',
    ])
  })

  it('keeps the block in the comment when the file cannot be saved', async () => {
    const text = await attachDiagram(admitText(answer), '/w/d.md', () =>
      Promise.reject(new Error('read-only folder')),
    )
    expect(text).toBe(answer)
  })
})
