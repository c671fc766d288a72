/**
 * A council under a dollar cap with a provider that has no `prices` is refused before anything is
 * written: exit 2, the provider named, no request made and the project folder as it was.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import type { FakeApi } from '../providers/fake-api.js'
import { coldThenWarm } from '../support/run-cli.js'
import { startMeteredApi } from './metered-api.js'
import { budgetProject } from './project.js'

let api: FakeApi
beforeAll(async () => {
  api = await startMeteredApi()
})
afterAll(() => api.close())

/** Every file under `root` with its text, state folder aside (the run's own lock and journal). */
async function snapshot(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    if (path.startsWith(join(root, '.state'))) continue
    files.set(path, await readFile(path, 'utf8'))
  }
  return files
}

coldThenWarm('a council refused for an unpriced provider', () => {
  it('exits 2 naming the provider, with no request and the folder unchanged', async () => {
    const project = await budgetProject(api.url)
    const before = await snapshot(project.root)
    const requests = api.requests.length
    for (const out of [[], ['--out', 'council.md']]) {
      const run = await project.run([
        'council',
        'Should we shard the orders table?',
        '--provider',
        'unpriced',
        '--max-cost',
        '1',
        ...out,
      ])
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain('"unpriced" has no `prices`')
      expect(api.requests.length).toBe(requests)
      expect(await snapshot(project.root)).toEqual(before)
    }
  })
})
