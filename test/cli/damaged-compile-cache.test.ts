/**
 * Node's compile cache, which the bin turns on, checks what it reads: a cache whose bytes were
 * damaged (a disk, a crash, a hand) costs a compile and nothing else, on that run and the next.
 * The bin's own code cache of the past crashed every run until deleted after such damage.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { BIN } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const DISCUSSION = `<!-- DISCUSSION -->
<!-- Title: Cache damage -->
<!-- Template: feature -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->

# Cache damage

---

Name: Rob
Fine by me.

VOTE: READY

---
`

/** Every file under `folder`, for the cache's own layout is Node's business. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('a damaged compile cache', () => {
  it('costs a compile, never a crash or a different answer', async () => {
    const root = await tempFolder('discussions-damaged-cache-')
    const file = join(root, 'damage.md')
    await writeFile(file, DISCUSSION)
    const good = join(root, 'good-cache')
    const damaged = join(root, 'damaged-cache')
    const status = (cache: string) =>
      spawnSync(process.execPath, [BIN, 'status', file], {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_COMPILE_CACHE: cache,
          NODE_DISABLE_COMPILE_CACHE: undefined,
          DISCUSSIONS_STATE_DIR: join(root, 'state'),
          DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
        },
      })
    const expected = status(good)
    expect(expected).toMatchObject({ status: 0, stderr: '' })
    expect(expected.stdout).toContain('Discussion: Cache damage')
    const cached = filesUnder(good)
    expect(cached.length).toBeGreaterThan(0)

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 7 })), {
          minLength: 1,
          maxLength: 40,
        }),
        async (flips) => {
          await rm(damaged, { recursive: true, force: true })
          await cp(good, damaged, { recursive: true })
          const files = filesUnder(damaged)
          for (const [which, offset, bit] of flips) {
            const path = files[which % files.length] as string
            const bytes = readFileSync(path)
            if (bytes.length === 0) continue
            const at = offset % bytes.length
            bytes[at] = (bytes[at] as number) ^ (1 << bit)
            writeFileSync(path, bytes)
          }
          // The damaged run, and the one after it (on whatever the first left behind).
          for (const run of [status(damaged), status(damaged)]) {
            expect(run.status).toBe(0)
            expect(run.stderr).toBe('')
            expect(run.stdout).toBe(expected.stdout)
          }
        },
      ),
      // Each case is two runs of the bin: a dozen cases, whatever FC_NUM_RUNS asks of the parsers.
      { numRuns: 12 },
    )
  }, 180_000)
})
