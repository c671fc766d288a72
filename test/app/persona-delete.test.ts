// personas:delete through the real backend: a user's or project's own persona file goes (the
// bundled persona of that alias shows again); a bundled persona, the shared participants file
// and a project folder that links out are refused, and nothing outside is touched.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { tempFolder } from '../support/temp.js'
import { backendIn } from './backend-fixture.js'

const persona = (alias: string) =>
  [`name: AI-${alias}`, `alias: ${alias}`, 'role: Helper', 'personality: You help.', ''].join('\n')

describe('personas:delete', () => {
  it("deletes a user's own copy; the bundled persona shows again", async () => {
    const root = await tempFolder()
    // Written before the app starts: one written while it runs shows once the watcher sees it.
    await mkdir(join(root, '.config', 'personas'), { recursive: true })
    const file = join(root, '.config', 'personas', 'architect.yaml')
    await writeFile(file, persona('architect'))
    const { backend, invoke } = await backendIn(root)
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
