// Through the real bin, twice (cold, then with the caches the first run left): a person's comment
// holding a bare PlantUML block becomes a diagram file and a DIAGRAM: line; `route` and a turn
// ask only the personas mentioned in prose, never `@startuml`, a name in code, or a person.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { binProject } from '../support/bin-project.js'
import { coldThenWarm } from '../support/run-cli.js'

const COMMENT = [
  'Here is the flow as I see it; @security please check the token step.',
  '',
  '@startuml',
  'Alice -> Bob : ask @architect',
  '@enduml',
  '',
  'Ask @rob too, and run `notify @pragmatist` later.',
].join('\n')

/** A comment edited into the file by hand keeps its bare block: routing still reads prose only. */
const BY_HAND = [
  'Name: Rob',
  'Sketch:',
  '',
  '@startuml',
  'participant "@designer" as D',
  '@enduml',
  '',
  '```',
  'curl @perfectionist',
  '```',
  '',
  '---',
  '',
].join('\n')

coldThenWarm('mentions from prose, through the real bin', () => {
  it('a person’s diagram becomes a file; route and the turn ask only prose mentions', async () => {
    const { root, run } = await binProject()

    for (const pass of ['cold', 'warm']) {
      const created = await run([
        'new',
        `Token flow ${pass}`,
        '--participants',
        'architect,security',
      ])
      expect(created).toMatchObject({ code: 0, stderr: '' })
      const file = created.stdout.replace(/^Created: /, '').trim()

      const added = await run(['comment', file, '-'], COMMENT)
      expect(added).toMatchObject({ code: 0, stderr: '' })
      const text = await readFile(file, 'utf8')
      const diagram = /^DIAGRAM: (diagrams\/token-flow-\w+-\d{8}T\d{6}(?:-\d+)?\.puml)$/m.exec(
        text,
      )?.[1]
      expect(diagram, pass).toBeDefined()
      expect(text).not.toContain('@startuml')
      const source = await readFile(join(root, 'discussions', diagram ?? ''), 'utf8')
      expect(source).toBe('@startuml\nAlice -> Bob : ask @architect\n@enduml\n')

      await writeFile(file, `${text}${BY_HAND}`)
      const route = await run(['route', file])
      expect(route).toMatchObject({ code: 0, stderr: '' })
      const routed = JSON.parse(route.stdout) as { next: string[]; source: string }
      expect(routed, pass).toMatchObject({ source: 'mentions', next: ['security'] })

      const callout = await run([
        'route',
        file,
        '--callout',
        'Draw it:\n@startuml\n@visualizer\n@enduml\n@designer, please',
      ])
      expect(JSON.parse(callout.stdout)).toMatchObject({ source: 'callout', next: ['designer'] })

      const turn = await run(['turn', file, '--provider', 'demo', '--json'])
      expect(turn.code, turn.stderr).toBe(0)
      const result = JSON.parse(turn.stdout.trim().split('\n').at(-1) ?? '{}') as {
        selection: { aliases: string[] }
      }
      expect(result.selection.aliases, pass).toEqual(['security'])
      const after = parseDiscussion(await readFile(file, 'utf8'))
      expect(after.comments.at(-1)?.author).toBe('AI-Security')
      expect(await readdir(join(root, 'discussions', 'diagrams'))).toContain(
        diagram?.replace('diagrams/', ''),
      )
    }
  }, 180_000)
})
