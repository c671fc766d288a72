// The read marks on a real state folder, including a damaged or hostile one: a mark never fails
// reading, a write replaces the file whole and never writes through a link, and marks kept at
// once are all kept.
import { readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { MAX_READ_MARKS, ReadMarks } from './read-marks.js'

describe('ReadMarks', () => {
  it('keeps a count per person (any case) and file, and replaces it', async () => {
    const state = await tempFolder('discussions-state-')
    const marks = ReadMarks.inStateFolder(state)
    expect(await marks.get('Rob', '/p/a.md')).toBeNull()
    await marks.set('Rob', '/p/a.md', 3)
    await marks.set('Ana', '/p/a.md', 7)
    await marks.set('rob', '/p/b.md', 1)
    expect(await marks.get('ROB', '/p/a.md')).toBe(3)
    expect(await marks.get('Ana', '/p/a.md')).toBe(7)
    expect(await marks.get('Rob', '/p/b.md')).toBe(1)
    await marks.set('Rob', '/p/a.md', 5)
    expect(await ReadMarks.inStateFolder(state).get('Rob', '/p/a.md')).toBe(5)
    // Private, and written through a temp file renamed over it: none is left behind.
    expect(await readdir(state)).toEqual(['read-marks.json'])
    expect((await stat(join(state, 'read-marks.json'))).mode & 0o077).toBe(0)
  })

  it('keeps every mark set at once, and at most MAX_READ_MARKS, the oldest going first', async () => {
    const state = await tempFolder('discussions-state-')
    const marks = ReadMarks.inStateFolder(state)
    await Promise.all(
      Array.from({ length: MAX_READ_MARKS + 5 }, (_, n) => marks.set('Rob', `/p/${n}.md`, n)),
    )
    expect(await marks.get('Rob', '/p/0.md')).toBeNull()
    expect(await marks.get('Rob', '/p/5.md')).toBe(5)
    expect(await marks.get('Rob', `/p/${MAX_READ_MARKS + 4}.md`)).toBe(MAX_READ_MARKS + 4)
  })

  it('ignores a damaged or hostile file instead of failing, entry by entry', async () => {
    const state = await tempFolder('discussions-state-')
    const file = join(state, 'read-marks.json')
    const marks = new ReadMarks(file)
    await writeFile(file, '{ not json')
    expect(await marks.get('Rob', '/p/a.md')).toBeNull()
    await writeFile(file, JSON.stringify(['rob\u0000/p/a.md']))
    expect(await marks.get('Rob', '/p/a.md')).toBeNull()
    await writeFile(
      file,
      JSON.stringify({
        'rob\u0000/p/a.md': { count: -1, at: 1 },
        'rob\u0000/p/b.md': { count: 2.5, at: 1 },
        'rob\u0000/p/c.md': { count: '9', at: 1 },
        'rob\u0000/p/d.md': { count: 4, at: 1 },
      }),
    )
    expect(await marks.get('Rob', '/p/a.md')).toBeNull()
    expect(await marks.get('Rob', '/p/b.md')).toBeNull()
    expect(await marks.get('Rob', '/p/c.md')).toBeNull()
    expect(await marks.get('Rob', '/p/d.md')).toBe(4)
    await marks.set('Rob', '/p/e.md', 1)
    expect(await marks.get('Rob', '/p/d.md')).toBe(4)
  })

  it('never writes through a link put in the file’s place', async () => {
    const state = await tempFolder('discussions-state-')
    const outside = join(await tempFolder('discussions-outside-'), 'precious.txt')
    await writeFile(outside, 'keep me\n')
    await symlink(outside, join(state, 'read-marks.json'))
    await ReadMarks.inStateFolder(state).set('Rob', '/p/a.md', 2)
    expect(await readFile(outside, 'utf8')).toBe('keep me\n')
  })
})
