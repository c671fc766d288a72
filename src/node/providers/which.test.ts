import { mkdir, writeFile } from 'node:fs/promises'
import { delimiter, join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { findProgram } from './which.js'

async function program(dir: string, name: string, mode: number): Promise<string> {
  await mkdir(dir, { recursive: true })
  const file = join(dir, name)
  await writeFile(file, '#!/bin/sh\n', { mode })
  return file
}

describe('findProgram', () => {
  it('finds a bare name in the first PATH folder that has it executable, as spawning does', async () => {
    const root = await tempFolder()
    const [a, b, c] = ['a', 'b', 'c'].map((name) => join(root, name)) as [string, string, string]
    await program(a, 'tool', 0o644) // there, but not executable: skipped
    const inB = await program(b, 'tool', 0o755)
    await program(c, 'tool', 0o755)
    await mkdir(join(root, 'd', 'tool'), { recursive: true }) // a folder by that name: skipped
    const env = { PATH: [join(root, 'd'), join(root, 'missing'), a, '', b, c].join(delimiter) }
    expect(findProgram('tool', env)).toBe(inB)
    expect(findProgram('no-such-tool', env)).toBeNull()
    expect(findProgram('tool', {})).toBeNull()
  })

  it('takes a path as it is, relative to the given folder', async () => {
    const root = await tempFolder()
    const file = await program(join(root, 'bin'), 'tool', 0o755)
    expect(findProgram('./bin/tool', {}, root)).toBe(file)
    expect(findProgram(file, {})).toBe(file)
    expect(findProgram('./bin/other', {}, root)).toBeNull()
  })
})
