/**
 * Long runs through the real bin: a turn whose provider (a real command, held until the test
 * lets it answer) is still thinking when run_turn has already returned; turn_status waits and
 * sends progress notifications to a client that asked for them. And the 2026 protocol: the same
 * server, reached by a client that negotiates it, listening for a discussion's updates.
 */
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { readPid, waitGone } from '../providers/stand-ins.js'
import { mcpWorkspace, openSession, untilSettled } from './mcp-session.js'
import { coldThenWarm } from '../support/run-cli.js'

/** Answers as the architect once a file named `go` appears beside it. */
const HELD_PROVIDER = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
fs.writeFileSync(path.join(__dirname, 'held.pid'), String(process.pid))
process.stdin.resume()
process.stdin.on('end', () => {
  const go = path.join(__dirname, 'go')
  const wait = setInterval(() => {
    if (!fs.existsSync(go)) return
    clearInterval(wait)
    process.stdout.write(JSON.stringify({ comment: 'Held, then answered.', vote: 'CHANGES' }))
  }, 50)
})
`

coldThenWarm('discussions mcp follows long runs', () => {
  it('returns a run id while the persona still thinks, and sends progress while a status call waits', async () => {
    const space = await mcpWorkspace()
    const bin = join(space.root, 'bin')
    await mkdir(bin)
    await writeFile(join(bin, 'held-ai'), HELD_PROVIDER)
    await chmod(join(bin, 'held-ai'), 0o755)
    await writeFile(
      join(space.env.DISCUSSIONS_CONFIG_DIR ?? '', 'providers.yaml'),
      `default: held\nproviders:\n  - name: held\n    type: command\n    command: "${join(bin, 'held-ai')}"\n`,
    )
    const session = await openSession(space)
    try {
      const { path } = await session.ok<{ path: string }>('create_discussion', {
        title: 'Held',
        participants: ['architect'],
      })
      const { run_id } = await session.ok<{ run_id: string }>('run_turn', {
        path,
        personas: ['architect'],
      })
      const progress: { progress: number; message?: string }[] = []
      const waiting = await session.call(
        'turn_status',
        { run_id, wait_s: 3 },
        { onprogress: (notification) => progress.push(notification) },
      )
      expect(waiting.value).toMatchObject({
        state: 'running',
        participants: [expect.objectContaining({ participant: 'architect', state: 'thinking' })],
      })
      expect(progress.length).toBeGreaterThanOrEqual(2)
      expect(progress[0]).toMatchObject({
        progress: 1,
        message: '0 of 1 answered; architect thinking',
      })
      expect(progress.map((one) => one.progress)).toEqual([...progress.keys()].map((i) => i + 1))
      // Without a progress token, no notifications: the status simply waits.
      expect((await session.call('turn_status', { run_id, wait_s: 1 })).value).toMatchObject({
        state: 'running',
      })

      await writeFile(join(bin, 'go'), '')
      const { last } = await untilSettled<{
        state: string
        answers: { text: string; vote: string }[]
      }>(session, 'turn_status', run_id)
      expect(last).toMatchObject({
        state: 'finished',
        answers: [
          expect.objectContaining({
            text: 'Held, then answered.\n\nVOTE: CHANGES',
            vote: 'CHANGES',
          }),
        ],
      })
      expect(await session.refused('run_turn', { path: 'nope.md' })).toContain('no such file')

      // A client that leaves mid-turn stops it: the persona's program does not live on.
      await rm(join(bin, 'go'))
      await rm(join(bin, 'held.pid'))
      await session.ok('run_turn', { path, personas: ['architect'] })
      const pid = await readPid(join(bin, 'held.pid'))
      await session.close()
      expect(await waitGone(pid, 10_000)).toBe(true)
    } finally {
      await session.close()
    }
  }, 60_000)

  it('serves a client that speaks the 2026 protocol, and tells it a discussion changed', async () => {
    const space = await mcpWorkspace()
    const session = await openSession(space, { negotiation: 'auto', clientName: 'Codex' })
    try {
      expect(session.client.getProtocolEra()).toBe('modern')
      const { path } = await session.ok<{ path: string }>('create_discussion', { title: 'Modern' })
      const uri = `discussion://${path}`
      const updated = new Promise<string>((resolve) =>
        session.client.setNotificationHandler('notifications/resources/updated', (notification) =>
          resolve(notification.params.uri),
        ),
      )
      const subscription = await session.client.listen({ resourceSubscriptions: [uri] })
      expect(
        await session.ok<{ author: string }>('add_comment', { path, text: 'From the future.' }),
      ).toMatchObject({ author: 'AI-agent-codex' })
      expect(await updated).toBe(uri)
      await subscription.close()
    } finally {
      await session.close()
    }
  }, 60_000)
})
