// exports:* through the backend, as the app's Export menu calls them: an ADR written inside the
// folder the person opened (the project's own folders when the project lies inside it), a file
// that is there answered as such (the page then asks before replacing), and the page.
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import type { Backend } from '../../src/backend/index.js'
import { exampleBackend } from './backend-fixture.js'

let open: Backend | null = null
afterEach(() => open?.close())

async function setup() {
  const fixture = await exampleBackend()
  open = fixture.backend
  return fixture
}

describe('exports through the backend', () => {
  it('writes an ADR in the open folder, answers that it is there, and replaces it when asked', async () => {
    const { backend, folder } = await setup()
    const path = join(folder, 'api-redesign-adr.md')
    const file = join(folder, 'doc', 'adr', '0001-public-api-redesign-behind-a-gateway.md')
    expect(await backend.invoke('exports:adr', { path, flavor: 'adr-tools' })).toEqual({
      value: { written: true, file, detail: 'adr-tools, proposed', replaced: false },
    })
    expect(await readFile(file, 'utf8')).toMatch(/^# 1\. Public API Redesign Behind a Gateway\n/)
    expect(await backend.invoke('exports:adr', { path, flavor: 'adr-tools' })).toEqual({
      value: { written: false, file },
    })
    expect(await backend.invoke('exports:adr', { path, flavor: 'adr-tools', force: true })).toEqual(
      {
        value: { written: true, file, detail: 'adr-tools, proposed', replaced: true },
      },
    )
    expect(await readdir(join(folder, 'doc', 'adr'))).toEqual([
      '0001-public-api-redesign-behind-a-gateway.md',
    ])
  })

  it('writes the page beside the discussion', async () => {
    const { backend, folder } = await setup()
    const path = join(folder, 'add-user-authentication.md')
    const reply = await backend.invoke('exports:html', { path })
    expect(reply).toEqual({
      value: {
        written: true,
        file: join(folder, 'add-user-authentication.html'),
        detail: '0 diagrams',
        replaced: false,
      },
    })
    expect(await readFile(join(folder, 'add-user-authentication.html'), 'utf8')).toContain(
      '<title>Add User Authentication</title>',
    )
    expect(await backend.invoke('exports:html', { path })).toEqual({
      value: { written: false, file: join(folder, 'add-user-authentication.html') },
    })
  })

  it('refuses a discussion outside the open folders and a request that is not one', async () => {
    const { backend, root } = await setup()
    const outside = await backend.invoke('exports:html', { path: join(root, 'x.md') })
    expect(outside).toMatchObject({ error: { message: expect.stringMatching(/outside/) } })
    const flavor = await backend.invoke('exports:adr', { path: join(root, 'x.md'), flavor: 'y' })
    expect(flavor).toMatchObject({ error: { message: expect.stringMatching(/flavor/) } })
  })
})
