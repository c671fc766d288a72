import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach } from 'vitest'

const created: string[] = []

/** A fresh folder under the system temp folder, removed after the test. */
export async function tempFolder(prefix = 'discussions-test-'): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix))
  created.push(folder)
  return folder
}

afterEach(async () => {
  await Promise.all(
    created
      .splice(0)
      .map((folder) =>
        rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 }),
      ),
  )
})
