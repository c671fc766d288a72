import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { checkExternalUrl } from '../../src/backend/index.js'
import type { Backend } from '../../src/backend/index.js'
import type { DiscussionDetail, DiscussionSummary } from '../../src/shared/contract/index.js'
import { exampleBackend } from './backend-fixture.js'

let open: Backend | null = null
afterEach(() => open?.close())

async function setup() {
  const fixture = await exampleBackend()
  open = fixture.backend
  return fixture
}

describe('the backend', () => {
  it('lists a folder and reads a discussion with its votes, phases and consensus', async () => {
    const { backend, folder } = await setup()
    const listed = (await backend.invoke('discussions:list', { folder })) as {
      value: DiscussionSummary[]
    }
    expect(listed.value.map((d) => d.title)).toContain('Add User Authentication')
    const path = join(folder, 'add-user-authentication.md')
    const read = (await backend.invoke('discussions:read', { path })) as { value: DiscussionDetail }
    const detail = read.value
    expect(detail.phases.map((p) => p.id)).toEqual([
      'initial_feedback',
      'detailed_review',
      'consensus_vote',
    ])
    expect(detail.participants.find((p) => p.name === 'AI-Security')?.vote).toBe('CHANGES')
    expect(detail.participants.find((p) => p.name === 'Rob')?.human).toBe(true)
    // detailed_review does not vote in the feature template: its votes decide nothing yet.
    expect(detail.summary.consensus.summary).toBe(
      'No vote in this phase (Detailed Review); the votes so far (2 of 3 READY) decide nothing here.',
    )
    expect(detail.comments[0]?.author).toBe('AI-Architect')
  })

  it('creates a discussion inside the workspace', async () => {
    const { backend, folder } = await setup()
    const reply = await backend.invoke('discussions:create', {
      folder,
      title: 'Rate limits',
      template: 'brainstorm',
      participants: ['architect', '@security'],
      context: 'Why not?',
    })
    expect(reply).toEqual({ value: { path: join(folder, 'rate-limits.md') } })
  })

  it('refuses paths outside the open folders, through .. or a symlink', async () => {
    const { backend, folder, root } = await setup()
    await mkdir(join(root, 'secret'))
    await writeFile(join(root, 'secret', 'x.md'), '<!-- DISCUSSION -->\n')
    await symlink(join(root, 'secret'), join(folder, 'link'))
    for (const path of [
      join(folder, '..', 'secret', 'x.md'),
      join(folder, 'link', 'x.md'),
      '/etc/passwd',
      'relative.md',
    ]) {
      const reply = await backend.invoke('discussions:read', { path })
      expect(reply).toEqual({ error: { message: expect.stringMatching(/outside|absolute/) } })
    }
    const listed = await backend.invoke('discussions:list', { folder: join(root, 'secret') })
    expect(listed).toEqual({
      error: { message: expect.stringContaining('outside the open folders') },
    })
  })

  it('validates every request and answers errors as one line without a stack', async () => {
    const { backend } = await setup()
    expect(await backend.invoke('discussions:read', { path: 42 })).toEqual({
      error: { message: expect.stringMatching(/^discussions:read: path: /) },
    })
    expect(await backend.invoke('discussions:read', { path: '/x', extra: 1 })).toEqual({
      error: { message: expect.stringContaining('discussions:read') },
    })
    expect(await backend.invoke('fs:readFile', {})).toEqual({
      error: { message: 'Unknown request "fs:readFile".' },
    })
    const created = await backend.invoke('discussions:create', { folder: '/nope', title: ' ' })
    expect(JSON.stringify(created)).not.toMatch(/\n\s+at /)
  })

  it('opens only https and mailto links', async () => {
    const { backend } = await setup()
    expect(await backend.invoke('links:open', { url: 'https://example.com/a b' })).toEqual({
      value: { outcome: 'open-in-browser', url: 'https://example.com/a%20b' },
    })
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'http://x', 'smb://h/s']) {
      expect(() => checkExternalUrl(url)).toThrow()
      expect(await backend.invoke('links:open', { url })).toHaveProperty('error')
    }
    expect(checkExternalUrl('mailto:a@example.com')).toBe('mailto:a@example.com')
  })

  it('remembers opened folders and reports changes on disk', async () => {
    const { backend, folder, root } = await setup()
    await mkdir(join(root, 'other'))
    const opened = await backend.invoke('workspace:open', { folder: join(root, 'other') })
    expect(opened).toMatchObject({ value: { state: { folders: [folder, join(root, 'other')] } } })
    const changed = new Promise((resolve) =>
      backend.subscribe((_channel, payload) => resolve(payload)),
    )
    await writeFile(join(folder, 'add-user-authentication.md'), '<!-- DISCUSSION -->\n', {
      flag: 'a',
    })
    await expect(changed).resolves.toEqual({
      path: join(folder, 'add-user-authentication.md'),
      folder,
    })
  })
})
