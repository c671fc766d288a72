import { mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { DiscussionFileStore } from '../src/node/store/discussion-store.js'
import { createDiscussionFile, listDiscussions } from '../src/node/store/discussion-folder.js'
import { syntheticDiscussion } from './synthetic.js'
import { median, medianAsyncMs as medianAsync, table } from './measure.js'
import { personBody } from '../src/core/format/comment-body.js'
import { admitName, admitText } from '../src/core/text/text.js'

/**
 * One append (lock, tail check, write, fdatasync, tail cache) to a 10 KB and to a 10 MB discussion.
 * Both files are synced first and the two are measured alternately, so disk write-back of the
 * freshly written 10 MB and drift over time do not count against either.
 */
async function benchAppend(folder: string): Promise<void> {
  const files = [
    { label: '10 KB', comments: 35 },
    { label: '10 MB', comments: 38_000 },
  ].map(({ label, comments }) => ({
    label,
    path: join(folder, `${label.replace(' ', '')}.md`),
    text: syntheticDiscussion(comments),
    times: [] as number[],
  }))
  for (const file of files) {
    await writeFile(file.path, file.text)
    const handle = await open(file.path, 'r+')
    await handle.sync()
    await handle.close()
  }
  const store = new DiscussionFileStore({ stateDir: join(folder, 'state') })
  const append = (path: string) =>
    store.appendComment(path, {
      author: admitName('AI-Bench'),
      body: personBody(admitText('A short answer.\n\nQ: and?')),
      vote: 'READY',
    })
  for (const file of files) await append(file.path) // warm-up: builds each tail cache
  for (let i = 0; i < 41; i++) {
    for (const file of files) {
      const start = process.hrtime.bigint()
      await append(file.path)
      file.times.push(Number(process.hrtime.bigint() - start) / 1e6)
    }
  }
  const rows = files.map((file) => ({
    file: file.label,
    bytes: file.text.length,
    'median ms per append': +median(file.times).toFixed(2),
  }))
  console.log('\nAppend one comment (fdatasync included), median of 41, measured alternately')
  table(rows)
  const [small, large] = rows
  if (small && large) {
    console.log(
      `10 MB / 10 KB append time: ${(large['median ms per append'] / small['median ms per append']).toFixed(2)}x`,
    )
  }
}

/** `list` over a folder of 1,000 discussions. */
async function benchList(folder: string): Promise<void> {
  const dir = join(folder, 'many')
  const text = syntheticDiscussion(12)
  for (let i = 0; i < 1000; i++) await createDiscussionFile(dir, `Discussion ${i}`, text)
  const ms = await medianAsync(async () => void (await listDiscussions(dir)), 7)
  console.log(
    `\nlist over 1,000 discussions of ${(text.length / 1024).toFixed(1)} KB: median ${ms.toFixed(0)} ms`,
  )
}

export async function benchStore(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'discussions-bench-'))
  try {
    await benchAppend(folder)
    await benchList(folder)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
