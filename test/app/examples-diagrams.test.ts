import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { findDiagramReferences } from '../../src/core/diagrams/references.js'

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples')

describe('the bundled examples', () => {
  it('name only diagram files that are there', async () => {
    const missing: string[] = []
    let found = 0
    for (const name of await readdir(EXAMPLES)) {
      if (!name.endsWith('.md')) continue
      const text = await readFile(join(EXAMPLES, name), 'utf8')
      for (const { ref } of findDiagramReferences(text)) {
        found++
        if (!existsSync(join(dirname(join(EXAMPLES, name)), ref))) missing.push(`${name}: ${ref}`)
      }
    }
    expect(found).toBeGreaterThan(0)
    expect(missing).toEqual([])
  })
})
