/**
 * The browser-mode server against hostile frames and requests, through a real `ws` client: each
 * frame that once killed the server now costs at most its own socket; large replies come in pages;
 * the page's persona editor cannot write a `command:`; only the folder served can be opened.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'

import { serveBrowserMode } from '../../src/server/index.js'
import type { UiServer } from '../../src/server/index.js'
import { MAX_FRAME_BYTES } from '../../src/shared/contract/socket-protocol.js'
import { tempFolder } from '../support/temp.js'

const running: UiServer[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()))
})

async function serve() {
  const root = await tempFolder()
  await mkdir(join(root, '.git'))
  const folder = join(root, 'discussions')
  await mkdir(folder)
  const rendererDir = join(root, 'renderer')
  await mkdir(rendererDir)
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
  const server = await serveBrowserMode({
    folder,
    rendererDir,
    version: '0.0.0-test',
    env: {
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
      DISCUSSIONS_USER: 'Rob',
    },
  })
  running.push(server)
  return { server, root, folder }
}

async function connect(server: UiServer): Promise<WebSocket> {
  const { origin, hash } = new URL(server.url)
  const token = hash.replace('#token=', '')
  const ws = new WebSocket(
    `${origin.replace('http', 'ws')}/api`,
    ['discussions', `token.${token}`],
    {
      headers: { origin },
    },
  )
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return ws
}

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)))
}

type Answer = { id: number; reply: { value?: unknown; error?: { message: string } } }

/** Sends a request and gathers its answer, pages included. */
function ask(ws: WebSocket, id: number, channel: string, payload: unknown = {}, raw?: string) {
  return new Promise<{ answer: Answer; frames: number; largest: number }>((resolve) => {
    const items: unknown[] = []
    let frames = 0
    let largest = 0
    const listen = (data: Buffer): void => {
      const message = JSON.parse(data.toString()) as Partial<Answer> & { items?: unknown[] }
      if (message.id !== id) return
      frames++
      largest = Math.max(largest, data.length)
      if (message.items) return void items.push(...message.items)
      ws.off('message', listen)
      const answer = message as Answer
      if (Array.isArray(answer.reply.value)) answer.reply.value = [...items, ...answer.reply.value]
      resolve({ answer, frames, largest })
    }
    ws.on('message', listen)
    ws.send(raw ?? JSON.stringify({ id, channel, payload }))
  })
}

describe('the browser-mode server and hostile frames', () => {
  it('survives the frames that once killed it, and keeps answering', async () => {
    const { server, folder } = await serve()

    const oversized = await connect(server)
    const oversizedClose = closed(oversized)
    oversized.send('x'.repeat(MAX_FRAME_BYTES + 1))
    expect(await oversizedClose).toBe(1009)

    const badUtf8 = await connect(server)
    const badClose = closed(badUtf8)
    // Sent as a text frame with bytes that are not UTF-8.
    badUtf8.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false })
    expect(await badClose).toBe(1007)

    const ws = await connect(server)
    const trick = await ask(ws, 1, '', {}, JSON.stringify({ id: 1, channel: { toString: 1 } }))
    expect(trick.answer.reply.error?.message).toMatch(/^Not a valid request: channel:/)
    const { answer } = await ask(ws, 2, 'discussions:list', { folder })
    expect(answer.reply.value).toEqual(expect.any(Array))
    ws.close()
  })

  it('sends a reply of 100 large SVGs in pages, none over the page size by much', async () => {
    const { server, folder } = await serve()
    const diagrams = join(folder, 'diagrams')
    await mkdir(diagrams)
    const big = `<svg xmlns="http://www.w3.org/2000/svg"><desc>${'a'.repeat(2 * 1024 * 1024)}</desc></svg>`
    const refs: string[] = []
    for (let i = 0; i < 100; i++) {
      await writeFile(join(diagrams, `d${i}.svg`), big)
      refs.push(`diagrams/d${i}.svg`)
    }
    const lines = refs.map((ref) => `DIAGRAM: ${ref}`).join('\n')
    await writeFile(
      join(folder, 'big.md'),
      `<!-- DISCUSSION -->\n<!-- Title: Big -->\n<!-- Phase: initial_feedback -->\n<!-- Status: OPEN -->\n\n# Big\n\n---\n\nName: Rob\n${lines}\n\n---\n`,
    )
    const ws = await connect(server)
    const { answer, frames, largest } = await ask(ws, 5, 'diagrams:render', {
      path: join(folder, 'big.md'),
      refs,
    })
    const value = answer.reply.value as { ref: string; svg: string | null }[]
    expect(answer.reply.error).toBeUndefined()
    expect(value.map((item) => item.ref)).toEqual(refs)
    expect(value.every((item) => item.svg?.length === big.length)).toBe(true)
    expect(frames).toBeGreaterThanOrEqual(100)
    expect(largest).toBeLessThan(big.length + 1024)
    // Still answering after 200 MB of replies.
    expect((await ask(ws, 6, 'workspace:recent')).answer.reply.value).toBeDefined()
    ws.close()
  }, 120_000)

  it('opens only the folder it serves and its subfolders', async () => {
    const { server, root, folder } = await serve()
    await mkdir(join(folder, 'sub'))
    const ws = await connect(server)
    const sub = await ask(ws, 1, 'workspace:open', { folder: join(folder, 'sub') })
    expect(sub.answer.reply.error).toBeUndefined()
    for (const [id, elsewhere] of [
      [2, root],
      [3, '/'],
      [4, join(root, 'missing')],
    ] as const) {
      const refused = await ask(ws, id, 'workspace:open', { folder: elsewhere })
      expect(refused.answer.reply.error?.message).toMatch(/serves only .* and its subfolders/)
    }
    ws.close()
  })

  it('never writes a persona that runs a command', async () => {
    const { server, root } = await serve()
    const ws = await connect(server)
    const persona = {
      name: 'AI-Sneaky',
      alias: 'sneaky',
      role: 'Reviewer',
      personality: 'Quiet.',
      command: 'touch /tmp/owned',
    }
    for (const target of ['user', 'project']) {
      const refused = await ask(ws, 1, 'personas:save', { target, persona })
      expect(refused.answer.reply.error?.message).toMatch(/the app does not write commands/)
    }
    const { command: _command, ...plain } = persona
    const saved = await ask(ws, 2, 'personas:save', { target: 'project', persona: plain })
    expect(saved.answer.reply.error).toBeUndefined()
    const { readFile } = await import('node:fs/promises')
    const text = await readFile(join(root, '.discussions', 'personas', 'sneaky.yaml'), 'utf8')
    expect(text).not.toMatch(/command/)
    ws.close()
  })
})
