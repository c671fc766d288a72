// The recent-folders list on a real state folder, including a damaged or hostile one: the list
// never fails the app, and a write replaces the file whole and never writes through a link.
import { chmod, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { MAX_RECENT, RecentFolders } from './recent-folders.js'

describe('RecentFolders', () => {
  it('keeps the folders most recent first, each once, at most MAX_RECENT', async () => {
    const state = await tempFolder('discussions-state-')
    const recent = RecentFolders.inStateFolder(state)
    expect(await recent.list()).toEqual([])
    for (let n = 0; n < MAX_RECENT + 3; n += 1) await recent.add(`/projects/p${n}`)
    await recent.add('/projects/p5')
    const list = await recent.list()
    expect(list).toHaveLength(MAX_RECENT)
    expect(list.slice(0, 2)).toEqual(['/projects/p5', `/projects/p${MAX_RECENT + 2}`])
    expect(list.filter((entry) => entry === '/projects/p5')).toHaveLength(1)
    const saved = JSON.parse(await readFile(join(state, 'recent-folders.json'), 'utf8')) as unknown
    expect(saved).toEqual(list)
    // Written through a temp file renamed over the list: none is left behind.
    expect(await readdir(state)).toEqual(['recent-folders.json'])
  })

  it('creates its state folder when it is missing', async () => {
    const state = join(await tempFolder('discussions-state-'), 'deeper', 'state')
    const recent = RecentFolders.inStateFolder(state)
    expect(await recent.add('/projects/a')).toEqual(['/projects/a'])
    expect(await RecentFolders.inStateFolder(state).list()).toEqual(['/projects/a'])
  })

  it('starts a new list from a damaged or hostile file instead of failing', async () => {
    const state = await tempFolder('discussions-state-')
    const file = join(state, 'recent-folders.json')
    const recent = new RecentFolders(file)
    await writeFile(file, '{ not json')
    expect(await recent.list()).toEqual([])
    await writeFile(file, JSON.stringify({ length: 3, 0: '/etc' }))
    expect(await recent.list()).toEqual([])
    await writeFile(file, JSON.stringify(['/ok', 7, null, { path: '/x' }, '/also-ok']))
    expect(await recent.list()).toEqual(['/ok', '/also-ok'])
    expect(await recent.add('/new')).toEqual(['/new', '/ok', '/also-ok'])
  })

  it('never writes through a link put in the list file’s place', async () => {
    const state = await tempFolder('discussions-state-')
    const outside = join(await tempFolder('discussions-outside-'), 'precious.txt')
    await writeFile(outside, 'keep me\n')
    await symlink(outside, join(state, 'recent-folders.json'))
    // The folder still opens (the list is a convenience); the file the link names is untouched.
    expect(await RecentFolders.inStateFolder(state).add('/projects/a')).toEqual(['/projects/a'])
    expect(await readFile(outside, 'utf8')).toBe('keep me\n')
  })

  it.skipIf(process.getuid?.() === 0)(
    'still answers when the state folder cannot be written',
    async () => {
      const state = await tempFolder('discussions-state-')
      await mkdir(join(state, 'ro'))
      await chmod(join(state, 'ro'), 0o500)
      const recent = RecentFolders.inStateFolder(join(state, 'ro'))
      expect(await recent.add('/projects/a')).toEqual(['/projects/a'])
      expect(await recent.list()).toEqual([])
      await chmod(join(state, 'ro'), 0o700)
    },
  )
})
