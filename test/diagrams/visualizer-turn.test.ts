// The visualizer's PlantUML becomes a file under diagrams/ and a DIAGRAM: line, through the real
// engine, file store and the offline demo provider.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { attachDiagram } from '../../src/core/diagrams/attach.js'
import { extractPlantUml } from '../../src/core/diagrams/extract.js'
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

describe('extractPlantUml and attachDiagram', () => {
  const answer = 'Here it is.\n\n```plantuml\n@startuml\nA -> B\n@enduml\n```\n\nQ: is B async?'

  it('takes the first PlantUML block and puts the DIAGRAM line in its place', async () => {
    const found = extractPlantUml(answer)
    expect(found?.source).toBe('@startuml\nA -> B\n@enduml\n')
    const text = await attachDiagram(admitText(answer), '/w/d.md', () =>
      Promise.resolve('diagrams/d-1.puml'),
    )
    expect(text).toBe('Here it is.\n\nDIAGRAM: diagrams/d-1.puml\n\nQ: is B async?')
  })

  it('recognises an unlabelled block by @startuml and ignores other code', () => {
    expect(extractPlantUml('```\n@startuml\nX\n@enduml\n```')?.source).toContain('X')
    expect(extractPlantUml('```ts\nconst x = 1\n```')).toBeNull()
  })

  it('keeps the block in the comment when the file cannot be saved', async () => {
    const text = await attachDiagram(admitText(answer), '/w/d.md', () =>
      Promise.reject(new Error('read-only folder')),
    )
    expect(text).toBe(answer)
  })
})
