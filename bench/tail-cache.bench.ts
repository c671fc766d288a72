/**
 * What the tail cache costs on a 10 MB discussion: one append (lock, tail, write, fdatasync, cache
 * record) when the cache proves the file is the one it saw, when someone else has grown the file
 * since (an editor's save, another tool), and with no cache at all (a fresh state folder). The
 * last two read the whole file. Run alone with `npx tsx bench/tail-cache.bench.ts`.
 */
import { appendFile, mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { personBody } from '../src/core/format/comment-body.js'
import { admitName, admitText } from '../src/core/text/text.js'
import { DiscussionFileStore } from '../src/node/store/discussion-store.js'
import { median, table } from './measure.js'
import { syntheticDiscussion } from './synthetic.js'

const RUNS = 21

const comment = {
  author: admitName('AI-Bench'),
  body: personBody(admitText('A short answer.\n\nQ: and?')),
  vote: 'READY' as const,
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await work()
  return Number(process.hrtime.bigint() - start) / 1e6
}

async function syncedFile(path: string, text: string): Promise<void> {
  await writeFile(path, text)
  const handle = await open(path, 'r+')
  await handle.sync()
  await handle.close()
}

export async function benchTailCache(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'discussions-bench-tail-'))
  try {
    const rows: Record<string, string | number>[] = []
    for (const { label, comments } of [
      { label: '10 KB', comments: 35 },
      { label: '10 MB', comments: 38_000 },
    ]) {
      const path = join(folder, `${label.replace(' ', '')}.md`)
      await syncedFile(path, syntheticDiscussion(comments))
      let states = 0
      const store = new DiscussionFileStore({ stateDir: join(folder, `state-${states}`) })
      await store.appendComment(path, comment) // warm-up, and the first cache record
      const hit: number[] = []
      const grown: number[] = []
      const cold: number[] = []
      for (let i = 0; i < RUNS; i++) {
        // The last append here was another store's: this one reads the file again, then knows it.
        await store.appendComment(path, comment)
        hit.push(await timed(() => store.appendComment(path, comment)))
        // Another writer adds a block: the cache no longer describes the file.
        await appendFile(path, `\nName: Rob\nEdited elsewhere ${i}.\n\n---\n`)
        grown.push(await timed(() => store.appendComment(path, comment)))
        // A fresh state folder: nothing cached at all.
        const fresh = new DiscussionFileStore({ stateDir: join(folder, `state-${++states}`) })
        cold.push(await timed(() => fresh.appendComment(path, comment)))
      }
      rows.push({
        file: label,
        'cache proves the file (ms)': +median(hit).toFixed(2),
        'grown by another writer (ms)': +median(grown).toFixed(2),
        'no cache (ms)': +median(cold).toFixed(2),
      })
    }
    console.log(`\nOne append through the tail cache, median of ${RUNS} (fdatasync included)`)
    table(rows)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchTailCache()
