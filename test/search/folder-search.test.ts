import { rename, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { FolderSearch, searchFolder } from '../../src/node/engine/index.js'
import { tempFolder } from '../support/temp.js'

const discussion = (body: string): string =>
  `<!-- DISCUSSION -->\n<!-- Title: T -->\n\n---\n\nName: Rob\n${body}\n\n---\n`

describe('FolderSearch, kept between queries', () => {
  it('answers as a fresh search does after every change to the files', async () => {
    const folder = await tempFolder()
    const file = join(folder, 'a.md')
    const search = new FolderSearch()
    const same = async (query: string): Promise<number> => {
      const held = await search.search(folder, query)
      expect(held).toEqual(await searchFolder(folder, query))
      return held.total
    }
    await writeFile(file, discussion('alpha'))
    expect(await same('alpha')).toBe(1)
    // Same size, same modification time put back: the change time and the content still tell.
    await writeFile(file, discussion('gamma'))
    await utimes(file, new Date(2020, 1, 1), new Date(2020, 1, 1))
    expect(await same('alpha')).toBe(0)
    expect(await same('gamma')).toBe(1)
    // Another file renamed over it (a new inode), then a link in its place, then nothing.
    await writeFile(join(folder, 'b.tmp'), discussion('delta'))
    await rename(join(folder, 'b.tmp'), file)
    expect(await same('delta')).toBe(1)
    await writeFile(join(folder, 'outside.txt'), discussion('delta'))
    await rm(file)
    await symlink(join(folder, 'outside.txt'), file)
    expect(await same('delta')).toBe(0)
    await rm(file)
    expect(await same('delta')).toBe(0)
  })

  it('skips plain markdown, summaries and files that are not discussions', async () => {
    const folder = await tempFolder()
    await writeFile(join(folder, 'notes.md'), '# Notes\n\nalpha\n')
    await writeFile(join(folder, 'a.sum.md'), discussion('alpha'))
    await writeFile(join(folder, 'a.txt'), discussion('alpha'))
    await writeFile(join(folder, 'real.md'), discussion('alpha'))
    const results = await new FolderSearch().search(folder, 'alpha')
    expect(results.hits.map((hit) => hit.path)).toEqual([join(folder, 'real.md')])
    expect(results.searched).toBe(1)
  })
})
