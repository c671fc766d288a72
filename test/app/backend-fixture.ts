import { copyFile, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { createBackend } from '../../src/backend/index.js'
import type { Backend, Shell } from '../../src/backend/index.js'
import { ROOT } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

/** A project folder holding copies of the example discussions, and a backend opened on it. */
export async function exampleBackend(shell: Shell = { mode: 'browser' }) {
  const root = await tempFolder()
  await mkdir(join(root, '.git'))
  const folder = join(root, 'discussions')
  await mkdir(folder)
  for (const name of await readdir(join(ROOT, 'examples')))
    if (name.endsWith('.md')) await copyFile(join(ROOT, 'examples', name), join(folder, name))
  const env = {
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const backend: Backend = await createBackend({
    shell,
    env,
    platform: process.platform,
    folders: [folder],
    version: '0.0.0-test',
  })
  return { root, folder, backend }
}
