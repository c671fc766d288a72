/**
 * A step's calls start while its phase change is being written (a durable rewrite of the header
 * they need not wait for), but their answers are appended only after it: the file keeps its
 * order. A phase change that cannot be written fails the run, and no answer of its step is kept.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import type { AppendResult } from '../../src/node/store/discussion-store.js'
import { DiscussionFileStore } from '../../src/node/store/discussion-store.js'
import { councilFile, defaultScript, runScripted } from './harness.js'
import type { HeaderChanges } from '../../src/core/format/header-edit.js'
import type { Text } from '../../src/core/text/text.js'

/** A store whose phase changes take `delayMs` and are logged; `failTo` makes one fail. */
class LoggedPhaseStore extends DiscussionFileStore {
  constructor(
    dir: string,
    private readonly log: string[],
    private readonly delayMs: number,
    private readonly failTo: string | null = null,
  ) {
    super({ stateDir: join(dir, '.state') })
  }

  override async recordPhaseTransition(
    path: string,
    from: Text,
    to: Text,
    headers: HeaderChanges = {},
  ): Promise<AppendResult> {
    this.log.push(`phase ${to} begun`)
    await new Promise((resolve) => setTimeout(resolve, this.delayMs))
    if (to === this.failTo) throw new Error('disk full')
    const result = await super.recordPhaseTransition(path, from, to, headers)
    this.log.push(`phase ${to} written`)
    return result
  }
}

describe("a council step's phase change", () => {
  it('is written while the calls of its step run, and lands before their answers', async () => {
    const setup = await councilFile({ mode: 'personality', rounds: 1 })
    const log: string[] = []
    const store = new LoggedPhaseStore(setup.dir, log, 100)
    const { result } = await runScripted(
      { ...setup, store },
      {
        script: (call, request) => {
          log.push(`call ${call.label}`)
          return defaultScript(call, request)
        },
      },
    )

    expect(result.complete).toBe(true)
    // The referee was called before the move to synthesis was on disk.
    expect(log.indexOf('call council-referee')).toBeGreaterThan(
      log.indexOf('phase synthesis begun'),
    )
    expect(log.indexOf('call council-referee')).toBeLessThan(log.indexOf('phase synthesis written'))
    const text = await readFile(setup.file, 'utf8')
    const marker = text.indexOf('PHASE-TRANSITION: deliberation -> synthesis')
    expect(marker).toBeGreaterThan(text.lastIndexOf('ANSWER council-skeptic'))
    expect(marker).toBeLessThan(text.indexOf('ANSWER council-referee'))
    expect(text).toContain('<!-- Phase: complete -->')
  })

  it('that cannot be written fails the run, and no answer of its step is kept', async () => {
    const setup = await councilFile({ mode: 'personality', rounds: 1 })
    const store = new LoggedPhaseStore(setup.dir, [], 20, 'synthesis')
    await expect(runScripted({ ...setup, store })).rejects.toThrow('disk full')

    const text = await readFile(setup.file, 'utf8')
    expect(text).toContain('ANSWER council-skeptic')
    expect(text).not.toContain('ANSWER council-referee')
    expect(text).not.toContain('-> synthesis')
  })
})
