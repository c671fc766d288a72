// The watcher on a real folder: each kind of save a person or an editor makes is told once, and
// files that are not discussions (summaries, temp files, other folders) are not told at all.
import { appendFile, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { DiscussionWatcher, SETTLE_MS } from './discussion-watcher.js'
import type { DiscussionFileChange } from './discussion-watcher.js'

const open: DiscussionWatcher[] = []
afterEach(() => {
  for (const watcher of open.splice(0)) watcher.close()
})

/** A watcher on a fresh folder, ready, and the changes it told so far. */
async function watched(): Promise<{ folder: string; told: DiscussionFileChange[] }> {
  const folder = await tempFolder('discussions-watch-')
  await writeFile(join(folder, 'existing.md'), '<!-- DISCUSSION -->\nTitle\n')
  const told: DiscussionFileChange[] = []
  const watcher = new DiscussionWatcher((change) => told.push(change))
  open.push(watcher)
  await watcher.watch(folder)
  return { folder, told }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `count` changes were told, then long enough that a doubled one would show too. */
async function settled(told: DiscussionFileChange[], count: number): Promise<void> {
  for (let waited = 0; told.length < count && waited < 10_000; waited += 20) await sleep(20)
  await sleep(SETTLE_MS * 4)
}

describe('DiscussionWatcher', () => {
  it('tells a new discussion once, with its folder', async () => {
    const { folder, told } = await watched()
    await writeFile(join(folder, 'new.md'), 'hello\n')
    await settled(told, 1)
    expect(told).toEqual([{ path: join(folder, 'new.md'), folder }])
  })

  it('tells an append to a discussion once', async () => {
    const { folder, told } = await watched()
    await appendFile(join(folder, 'existing.md'), '\n---\n\nName: Rob\nYes.\n')
    await settled(told, 1)
    expect(told).toEqual([{ path: join(folder, 'existing.md'), folder }])
  })

  it('tells an atomic save (a temp file renamed over the discussion) once', async () => {
    const { folder, told } = await watched()
    const temp = join(folder, 'existing.md.4217')
    await writeFile(temp, '<!-- DISCUSSION -->\nTitle, edited\n')
    await rename(temp, join(folder, 'existing.md'))
    await settled(told, 1)
    expect(told).toEqual([{ path: join(folder, 'existing.md'), folder }])
  })

  it('tells a deleted discussion once', async () => {
    const { folder, told } = await watched()
    await rm(join(folder, 'existing.md'))
    await settled(told, 1)
    expect(told).toEqual([{ path: join(folder, 'existing.md'), folder }])
  })

  it('folds a burst of writes into one change', async () => {
    const { folder, told } = await watched()
    for (let n = 0; n < 25; n += 1) await appendFile(join(folder, 'existing.md'), `line ${n}\n`)
    await settled(told, 1)
    expect(told).toEqual([{ path: join(folder, 'existing.md'), folder }])
  })

  it('tells two files changed together apart, once each', async () => {
    const { folder, told } = await watched()
    await appendFile(join(folder, 'existing.md'), 'more\n')
    await writeFile(join(folder, 'second.md'), 'second\n')
    await settled(told, 2)
    expect(told.map((change) => change.path).sort()).toEqual([
      join(folder, 'existing.md'),
      join(folder, 'second.md'),
    ])
  })

  it('does not tell summaries, other files or files in subfolders', async () => {
    const { folder, told } = await watched()
    await writeFile(join(folder, 'existing.sum.md'), 'summary\n')
    await writeFile(join(folder, 'notes.txt'), 'notes\n')
    await mkdir(join(folder, 'sub'))
    await writeFile(join(folder, 'sub', 'deeper.md'), 'deeper\n')
    // A discussion written last: once it is told, the others had their chance to be told too.
    await writeFile(join(folder, 'marker.md'), 'marker\n')
    await settled(told, 1)
    expect(told).toEqual([{ path: join(folder, 'marker.md'), folder }])
  })

  it('watches a folder once however often it is asked, and nothing after close', async () => {
    const folder = await tempFolder('discussions-watch-')
    const told: DiscussionFileChange[] = []
    const watcher = new DiscussionWatcher((change) => told.push(change))
    await watcher.watch(folder)
    await watcher.watch(folder)
    await writeFile(join(folder, 'a.md'), 'a\n')
    await settled(told, 1)
    expect(told).toHaveLength(1)
    watcher.close()
    await writeFile(join(folder, 'b.md'), 'b\n')
    await sleep(SETTLE_MS * 4)
    expect(told).toHaveLength(1)
  })

  it('resolves, without throwing, on a folder that does not exist', async () => {
    const folder = join(await tempFolder('discussions-watch-'), 'missing')
    const watcher = new DiscussionWatcher(() => {})
    open.push(watcher)
    await expect(watcher.watch(folder)).resolves.toBeUndefined()
  })
})
