import { describe, expect, it } from 'vitest'

import { findDiagramBlocks, mapDiagramBlocks } from './diagram-blocks.js'
import { mapFences } from './fences.js'

const lines = (text: string): string[] => text.split('\n')

describe('bare diagram blocks', () => {
  it('runs from @start… to the matching @end…, any kind, any case', () => {
    const text = lines('Intro\n@startuml\nA -> B\n@enduml\nafter\n@StartMindmap\n* x\n@endmindmap')
    expect(findDiagramBlocks(text)).toEqual([
      { start: 1, end: 3 },
      { start: 5, end: 7 },
    ])
  })

  it('an unclosed @startuml marks its own line only', () => {
    const text = lines('@startuml\nAsk @architect\nmore')
    expect(findDiagramBlocks(text)).toEqual([])
    expect([...mapDiagramBlocks(text)]).toEqual([1, 0, 0])
  })

  it('a lone @enduml is a directive', () => {
    expect([...mapDiagramBlocks(lines('text\n@enduml'))]).toEqual([0, 1])
  })

  it('leaves a fence alone: a directive inside one opens nothing', () => {
    const text = lines('```\n@startuml\n```\nAsk @architect\n@enduml')
    const { inFence } = mapFences(text)
    expect(findDiagramBlocks(text, inFence)).toEqual([])
    expect([...mapDiagramBlocks(text, inFence)]).toEqual([0, 0, 0, 0, 1])
  })
})
