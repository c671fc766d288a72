// personas:delete through the real backend: a user's or project's own persona file goes (the
// bundled persona of that alias shows again); a bundled persona, the shared participants file
// and a project folder that links out are refused, and nothing outside is touched.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { createBackend } from '../../src/backend/index.js'
import type { InvokeChannel } from '../../src/shared/contract/index.js'
import { tempFolder } from '../support/temp.js'

const persona = (alias: string) =>
  [`name: AI-${alias}`, `alias: ${alias}`, 'role: Helper', 'personality: You help.', ''].join('\n')

async function backendIn(root: string) {
  await mkdir(join(root, '.git'), { recursive: true })
  const backend = await createBackend({
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

describe('personas:delete', () => {
  it("deletes a user's own copy; the bundled persona shows again", async () => {
    const root = await tempFolder()
    const { backend, invoke } = await backendIn(root)
    await mkdir(join(root, '.config', 'personas'), { recursive: true })
    const file = join(root, '.config', 'personas', 'architect.yaml')
    await writeFile(file, persona('architect'))
    const list = async () =>
      (await invoke('personas:list', { folder: root })) as { alias: string; source: string }[]
    expect((await list()).find((p) => p.alias === 'architect')?.source).toBe('user')
    expect(await invoke('personas:delete', { folder: root, alias: 'architect' })).toEqual({ file })
    await expect(readFile(file)).rejects.toThrow()
    expect((await list()).find((p) => p.alias === 'architect')?.source).toBe('bundled')
    backend.close()
  })

  it('refuses a bundled persona, an unknown one and a folder that links out', async () => {
    const root = await tempFolder()
    const outside = await tempFolder()
    const { backend, invoke } = await backendIn(root)
    await expect(invoke('personas:delete', { folder: root, alias: 'architect' })).rejects.toThrow(
      /bundled persona: it cannot be deleted/,
    )
    await expect(invoke('personas:delete', { folder: root, alias: 'nobody' })).rejects.toThrow()
    // The project's .discussions links to a folder outside the project.
    await mkdir(join(outside, 'personas'))
    const victim = join(outside, 'personas', 'helper.yaml')
    await writeFile(victim, persona('helper'))
    await symlink(outside, join(root, '.discussions'))
    await expect(invoke('personas:delete', { folder: root, alias: 'helper' })).rejects.toThrow()
    expect(await readFile(victim, 'utf8')).toBe(persona('helper'))
    backend.close()
  })
})
