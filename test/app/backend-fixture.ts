import { copyFile, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { createBackend } from '../../src/backend/index.js'
import type { Backend, Shell } from '../../src/backend/index.js'
import type { InvokeChannel } from '../../src/shared/contract/index.js'
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

/**
 * A backend opened on the project `root` itself (made a git folder), its config and state inside
 * it, and `invoke` that returns a channel's value or throws its error's message.
 */
export async function backendIn(root: string) {
  await mkdir(join(root, '.git'), { recursive: true })
  const backend: Backend = await createBackend({
    shell: { mode: 'browser' },
    env: {
      PATH: process.env.PATH ?? '',
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
      DISCUSSIONS_USER: 'Rob',
    },
    platform: process.platform,
    folders: [root],
    version: '0',
  })
  const invoke = async (channel: InvokeChannel, request: unknown): Promise<unknown> => {
    const reply = await backend.invoke(channel, request)
    if ('error' in reply) throw new Error(reply.error.message)
    return reply.value
  }
  return { backend, invoke }
}
