// A writer process for the crash and concurrency tests: appends comments through the real store
// and prints "ACK <id>" only after each append returned (that is, after fdatasync).
// Usage: node --import tsx test/support/append-worker.ts FILE STATE_DIR WORKER COUNT
import { DiscussionFileStore } from '../../src/node/store/discussion-store.js'
import { commentBodyFor } from './comment-bodies.js'
import { personComment } from './comment-block.js'

const [file, stateDir, worker, count] = process.argv.slice(2)
if (!file || !stateDir || !worker || !count) throw new Error('usage: FILE STATE_DIR WORKER COUNT')
const store = new DiscussionFileStore({ stateDir })
for (let i = 0; i < Number(count); i++) {
  const id = `${worker}-${i}`
  await store.appendComment(
    file,
    personComment({
      author: `AI-Worker-${worker}`,
      text: commentBodyFor(id),
      vote: 'READY',
    }),
  )
  process.stdout.write(`ACK ${id}\n`)
}
