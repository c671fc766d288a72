/**
 * `discussions summarize F --provider NAME` refuses a provider nobody configured as `turn` does:
 * exit 2, one line naming the provider meant, before any call, and nothing written (no .sum.md).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { CACHE_DISCUSSION as DISCUSSION, LOGGING_SCRIPT } from '../support/logging-provider.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'

coldThenWarm('summarize with an unknown provider', () => {
  it('is refused with exit 2 and the name meant, before any call, writing nothing', async () => {
    const space = await scriptedWorkspace({
      prefix: 'discussions-summarize-',
      script: LOGGING_SCRIPT,
    })
    const file = join(space.root, 'cache.md')
    await writeFile(file, DISCUSSION)
    const before = await readdir(space.root)
    const refused = await space.run('summarize', 'cache.md', '--provider', 'scriptd')
    expect(refused.stderr.trimEnd()).toBe(
      'error: No provider named "scriptd" (did you mean "scripted"?); configured: scripted, demo. `discussions providers list` shows them.',
    )
    expect(refused.code).toBe(2)
    expect(refused.stdout).toBe('')
    expect(await space.calls()).toEqual([])
    expect(await readdir(space.root)).toEqual(before)
    expect(await readFile(file, 'utf8')).toBe(DISCUSSION)
    // The right name runs: the summary is written beside the discussion.
    const written = await space.run('summarize', 'cache.md', '--provider', 'scripted')
    expect(written.stdout).toContain('Summary written:')
    expect(await readdir(space.root)).toContain('cache.sum.md')
  }, 60_000)
})
