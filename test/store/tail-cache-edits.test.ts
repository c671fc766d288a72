/**
 * The tail cache may make an append fast, never wrong. An edit further back that opens a code
 * fence changes how the file ends, though its last bytes stay the same: with its mtime set back
 * (`touch -r`), or followed by more text at the end, a cache that trusted size, mtime and the last
 * bytes appended the next comment inside the fence, and its vote was lost while the CLI said it
 * was added. Through the real bin (each journey twice: a cold machine, then a warm one), and for
 * any sequence of edits in process: what a warm cache appends is byte for byte what a cold one
 * appends. Planted and stale entries are dropped.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  appendFile,
  copyFile,
  mkdir,
  open,
  readFile,
  realpath,
  stat,
  truncate,
  writeFile,
} from 'node:fs/promises'
import { join } from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { personBody } from '../../src/core/format/comment-body.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { admitName, admitText } from '../../src/core/text/text.js'
import { DiscussionFileStore } from '../../src/node/store/discussion-store.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const tally = { attempts: 0, lost: 0 }

/** A discussion whose context is long enough that an edit in it lies far from the end. */
const START = `<!-- DISCUSSION -->
<!-- Title: Edited -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->

# Edited

## Context

PLAIN LINE!

${'A line of context that puts the line above further back than a tail check reads.\n'.repeat(120)}
---
`

/** The same number of bytes as `PLAIN LINE!`, opening a code fence that nothing closes. */
const FENCE_OPENER = '```ts  // !'

async function project() {
  const root = await tempFolder('discussions-edits-')
  const state = await tempFolder('discussions-edits-state-')
  await mkdir(join(root, '.git'))
  const env = {
    DISCUSSIONS_CONFIG_DIR: join(state, 'config'),
    DISCUSSIONS_STATE_DIR: state,
    DISCUSSIONS_USER: 'Rob',
  }
  const run = (...args: string[]) => runDiscussions(args, { cwd: root, env })
  return { root, state, run }
}

/** Rob's last comment and vote, as a full parse of the file reads them. */
async function lastComment(file: string): Promise<{ body: string; vote: string | null }> {
  const comments = parseDiscussion(await readFile(file, 'utf8')).comments.filter(
    (comment) => comment.author === 'Rob',
  )
  const last = comments.at(-1)
  return { body: last?.body.split('\n')[0] ?? '', vote: last?.vote ?? null }
}

coldThenWarm('an edit further back that opens a fence (real bin, cold then warm)', () => {
  for (const [how, edit] of [
    [
      'its mtime set back with touch -r',
      (file: string, reference: string): Promise<void> => {
        execFileSync('touch', ['-r', reference, file])
        return Promise.resolve()
      },
    ],
    [
      'the file then grown at its end',
      async (file: string) => {
        await appendFile(file, 'A note added at the end by hand.\n')
      },
    ],
  ] as const)
    it(`keeps the next comment and its vote: ${how}`, async () => {
      const { root, run } = await project()
      for (const machine of ['cold', 'warm']) {
        const file = join(root, `${machine}.md`)
        const reference = join(root, `${machine}.reference`)
        await writeFile(file, START)
        expect((await run('comment', `${machine}.md`, 'First.')).code).toBe(0)
        await copyFile(file, reference)
        execFileSync('touch', ['-r', file, reference]) // its times, to the nanosecond
        const text = await readFile(file, 'utf8')
        // In place, same length, far from the end: as an editor writing over the file would.
        await writeFile(file, text.replace('PLAIN LINE!', FENCE_OPENER), { flag: 'r+' })
        await edit(file, reference)
        tally.attempts++
        const added = await run('comment', `${machine}.md`, 'Ship it.', '--vote', 'READY')
        expect(added.code).toBe(0)
        expect(added.stdout).toMatch(/^Added comment from Rob with vote READY at line \d+/)
        const last = await lastComment(file)
        if (last.vote !== 'READY') tally.lost++
        expect(last).toEqual({ body: 'Ship it.', vote: 'READY' })
        const parsed = JSON.parse((await run('parse', `${machine}.md`)).stdout) as {
          votes: Record<string, string>
        }
        expect(parsed.votes.Rob).toBe('READY')
      }
    }, 120_000)
})

/** One thing that happens to a discussion between two of our appends. */
type Step =
  | { kind: 'append'; vote: boolean }
  | { kind: 'edit'; at: number; text: string; keepMtime: boolean }
  | { kind: 'grow'; text: string }
  | { kind: 'cut'; keep: number }

const TRICKY = ['```', '~~~~', '---', 'Name: Eve', 'VOTE: REJECT', '\n', 'é', '\r\n', 'x']

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), vote: fc.boolean() }),
  fc.record({
    kind: fc.constant('edit' as const),
    // Past the header: a file whose marker line is overwritten is no discussion, for both.
    at: fc.double({ min: 0.05, max: 1, noNaN: true }),
    text: fc.constantFrom(...TRICKY),
    keepMtime: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('grow' as const),
    text: fc.array(fc.constantFrom(...TRICKY), { maxLength: 4 }).map((parts) => parts.join('')),
  }),
  fc.record({
    kind: fc.constant('cut' as const),
    keep: fc.double({ min: 0.5, max: 1, noNaN: true }),
  }),
)

/** Overwrites bytes at a fraction of the file in place, its mtime set back when asked. */
async function applyEdit(
  file: string,
  at: number,
  text: string,
  keepMtime: boolean,
): Promise<void> {
  const before = await stat(file, { bigint: true })
  const bytes = await readFile(file)
  const offset = Math.min(Math.floor(at * bytes.length), Math.max(0, bytes.length - 1))
  const handle = await open(file, 'r+')
  await handle.write(Buffer.from(text), 0, Buffer.byteLength(text), offset)
  await handle.close()
  // As `touch -r` does, to the nanosecond (a Date would keep only milliseconds).
  const at9 = (ns: bigint): string =>
    `@${ns / 1_000_000_000n}.${`${ns % 1_000_000_000n}`.padStart(9, '0')}`
  if (keepMtime) execFileSync('touch', ['-m', '-d', at9(before.mtimeNs), file])
}

describe('the tail cache, for any sequence of edits', () => {
  it('appends what a cold cache appends, byte for byte', async () => {
    const folder = await tempFolder('discussions-tail-property-')
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const file = join(folder, `warm-${++run}.md`)
        await writeFile(file, START)
        const warm = new DiscussionFileStore({ stateDir: join(folder, `state-${run}`) })
        await warm.appendComment(file, {
          author: admitName('Rob'),
          body: personBody(admitText('First.')),
        })
        let n = 0
        for (const next of [...steps, { kind: 'append' as const, vote: true }]) {
          if (next.kind === 'edit') await applyEdit(file, next.at, next.text, next.keepMtime)
          else if (next.kind === 'grow') await appendFile(file, next.text)
          else if (next.kind === 'cut')
            await truncate(file, Math.floor(next.keep * (await stat(file)).size))
          else {
            // The same append to a copy, by a store that has seen nothing: the cache must not matter.
            const cold = join(folder, `cold-${run}-${++n}.md`)
            await copyFile(file, cold)
            const fresh = new DiscussionFileStore({ stateDir: join(folder, `fresh-${run}-${n}`) })
            const comment = {
              author: admitName('Rob'),
              body: personBody(admitText(`Comment ${n}.`)),
              vote: next.vote ? ('READY' as const) : null,
            }
            const [warmResult, coldResult] = [
              await warm.appendComment(file, comment),
              await fresh.appendComment(cold, comment),
            ]
            expect(warmResult).toEqual(coldResult)
            expect(await readFile(file, 'utf8')).toBe(await readFile(cold, 'utf8'))
          }
        }
      }),
      { numRuns: 60 },
    )
  }, 300_000)
})

coldThenWarm('cache entries that fail their check', () => {
  it('are dropped, whatever they hold, and the comment and its vote land', async () => {
    const { root, state, run } = await project()
    const file = join(root, 'd.md')
    await writeFile(file, START)
    const key = createHash('sha256')
      .update(await realpath(file))
      .digest('hex')
      .slice(0, 32)
    const entry = join(state, 'files', `${key}.tail.json`)
    const noFence = { fence: null, partial: '', lines: 1, segment: 'blank', segmentLine: 0 }
    // What each planted entry differs in from the file as it is: each claims no fence is open.
    const plants: ((identity: Record<string, string>) => string)[] = [
      () => 'not json',
      () => JSON.stringify({ tail: noFence }),
      (identity) =>
        JSON.stringify({ ...identity, size: `${BigInt(identity.size ?? 0) - 1n}`, tail: noFence }),
      (identity) =>
        JSON.stringify({
          ...identity,
          ctimeNs: `${BigInt(identity.ctimeNs ?? 0) - 1n}`,
          tail: noFence,
        }),
      (identity) =>
        JSON.stringify({ ...identity, ino: `${BigInt(identity.ino ?? 0) + 1n}`, tail: noFence }),
    ]
    await mkdir(join(state, 'files'), { recursive: true, mode: 0o700 })
    for (const [index, plant] of plants.entries()) {
      // A block someone else left with a fence open at the end.
      await appendFile(file, '\nName: AI-Architect\n```ts\nconst open = true\n')
      const stats = await stat(file, { bigint: true })
      const content = plant({
        dev: `${stats.dev}`,
        ino: `${stats.ino}`,
        size: `${stats.size}`,
        ctimeNs: `${stats.ctimeNs}`,
      })
      await writeFile(entry, content, { mode: 0o600 })
      tally.attempts++
      expect((await run('comment', 'd.md', `Vote ${index}.`, '--vote', 'READY')).code).toBe(0)
      const last = await lastComment(file)
      if (last.vote !== 'READY') tally.lost++
      expect(last).toEqual({ body: `Vote ${index}.`, vote: 'READY' })
      expect(await readFile(entry, 'utf8')).not.toBe(content)
    }
    process.stdout.write(
      `tail cache edits and planted entries: ${tally.attempts} comments, ${tally.lost} lost\n`,
    )
  }, 120_000)
})
