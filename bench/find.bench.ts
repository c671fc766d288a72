/**
 * The find bar inside one discussion: each keystroke of a query typed letter by letter, answered
 * by the backend's `search:discussion` (core search on the file, read again each time, as
 * `discussions search QUERY FILE` reads it) on generated discussions of 100, 1,000 and 5,000
 * comments. The budget is 200 ms a keystroke.
 *
 * Run alone with `npx tsx bench/find.bench.ts`; `npm run bench` runs it with the others.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { createBackend } from '../src/backend/index.js'
import { median, table } from './measure.js'
import { writeSearchFixture } from './search-fixture.js'

const SIZES = [100, 1000, 5000]
const QUERIES = ['dana', 'kalo ston', 'gdpr']
const RUNS = 5

export async function benchFind(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'discussions-bench-find-'))
  try {
    const rows: Record<string, string | number>[] = []
    for (const comments of SIZES) {
      const folder = join(root, `c${comments}`)
      await writeSearchFixture(folder, 1, comments)
      const path = join(folder, 'design-0000.md')
      const backend = await createBackend({
        shell: { mode: 'browser' },
        env: {
          DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
          DISCUSSIONS_STATE_DIR: join(root, 'state'),
        },
        platform: process.platform,
        folders: [folder],
        version: 'bench',
      })
      try {
        for (const query of QUERIES) {
          const times: number[] = []
          let hits = 0
          for (let run = 0; run < RUNS; run++)
            for (let typed = 1; typed <= query.length; typed++) {
              const start = process.hrtime.bigint()
              const answer = await backend.invoke('search:discussion', {
                path,
                query: query.slice(0, typed),
              })
              times.push(Number(process.hrtime.bigint() - start) / 1e6)
              if ('value' in answer) hits = (answer.value as { total: number }).total
            }
          rows.push({
            comments,
            query,
            hits,
            'keystroke, median (ms)': Math.round(median(times) * 10) / 10,
            'keystroke, max (ms)': Math.round(Math.max(...times) * 10) / 10,
          })
        }
      } finally {
        backend.close()
      }
    }
    console.log('\nFind bar (search:discussion), each keystroke:')
    table(rows)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchFind()
