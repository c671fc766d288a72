// search:* through the backend, as the app's list search and a search inside a discussion call
// them: the same hits as the library, kept between calls yet following a change to a file, and
// no folder outside the ones the person opened.
import { appendFile, readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { tmpdir } from 'node:os'

import { afterEach, describe, expect, it } from 'vitest'

import type { Backend } from '../../src/backend/index.js'
import { searchSources } from '../../src/core/search/index.js'
import { exampleBackend } from '../app/backend-fixture.js'

let open: Backend | null = null
afterEach(() => open?.close())

async function sourcesOf(folder: string) {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort()
  return Promise.all(
    names.map(async (name) => ({
      path: join(folder, name),
      text: await readFile(join(folder, name), 'utf8'),
    })),
  )
}

describe('search through the backend', () => {
  it('answers as the library does, and again after a file grew', async () => {
    const { backend, folder } = await exampleBackend()
    open = backend
    const expected = searchSources(await sourcesOf(folder), 'token', { limit: 5 })
    expect(await backend.invoke('search:folder', { folder, query: 'token', limit: 5 })).toEqual({
      value: JSON.parse(JSON.stringify(expected)),
    })
    const file = join(folder, 'notification-brainstorm.md')
    await appendFile(file, '\nName: Rob\nA zanzibar token.\n\n---\n')
    const after = await backend.invoke('search:folder', { folder, query: 'zanzibar' })
    expect(after).toMatchObject({ value: { total: 1, hits: [{ path: file, author: 'Rob' }] } })
  })

  it('searches inside one discussion in the order of the file', async () => {
    const { backend, folder } = await exampleBackend()
    open = backend
    const path = join(folder, 'api-redesign-adr.md')
    const answer = await backend.invoke('search:discussion', { path, query: 'token' })
    const { hits } = (answer as { value: { hits: { line: number }[] } }).value
    const lines = hits.map((hit) => hit.line)
    expect(lines.length).toBeGreaterThan(1)
    expect(lines).toEqual([...lines].sort((a, b) => a - b))
  })

  it('refuses a folder the person did not open', async () => {
    const { backend } = await exampleBackend()
    open = backend
    const answer = await backend.invoke('search:folder', { folder: tmpdir(), query: 'token' })
    expect(answer).toHaveProperty('error')
  })
})
