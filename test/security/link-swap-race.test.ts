/**
 * The link-swap race: while comments are added, another process swaps the discussion file between
 * the plain file it is and a symbolic link leading out of the project, to a `~/.bashrc` stand-in
 * or to another discussion (which passes every check a discussion must pass). Against the real bin
 * and against the browser-mode server, not one byte may land outside, and every comment reported
 * written must be in the discussion with its vote; one refused must not be.
 *
 * Swaps per case: DISCUSSIONS_RACE_SWAPS (default 400, at 10 ms a swap); `npm run stress:links`
 * runs the full 10,000 of each case (100 s each). Each case prints its counts.
 */
import { spawn } from 'node:child_process'
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { serveBrowserMode } from '../../src/server/index.js'
import { coldThenWarm, ROOT, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const SWAPS = Number(process.env.DISCUSSIONS_RACE_SWAPS ?? 400)
const DURATION_MS = SWAPS * 10
const SWAPPER = join(ROOT, 'test', 'support', 'link-swapper.ts')
/** The CLI writers at once (each is a process), and the server's requests in flight. */
const CLI_WRITERS = 2
const SOCKET_IN_FLIGHT = 4

const SECRET = '# my shell settings\nexport PATH=/usr/bin\n'

const discussion = (title: string): string => `<!-- DISCUSSION -->
<!-- Title: ${title} -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->

# ${title}

---
`

type Target = 'bashrc' | 'discussion'

interface Race {
  root: string
  file: string
  state: string
  outside: string
  target: string
  /** Every file outside with its size and text, to compare before and after. */
  snapshot: () => Promise<{ text: string; bytes: number }>
}

async function race(target: Target): Promise<Race> {
  const root = await tempFolder('discussions-race-')
  await mkdir(join(root, '.git'))
  const file = join(root, 'd.md')
  await writeFile(file, discussion('Raced'))
  const outside = await tempFolder('discussions-outside-')
  await writeFile(join(outside, 'bashrc'), SECRET)
  await writeFile(join(outside, 'other.md'), discussion('Elsewhere'))
  const snapshot = async (): Promise<{ text: string; bytes: number }> => {
    const names = (await readdir(outside, { recursive: true })).sort()
    let bytes = 0
    const parts = await Promise.all(
      names.map(async (name) => {
        const size = (await stat(join(outside, name))).size
        bytes += size
        return `${name}:${size}:${await readFile(join(outside, name), 'utf8')}`
      }),
    )
    return { text: parts.join('\n'), bytes }
  }
  return {
    root,
    file,
    state: await tempFolder('discussions-race-state-'),
    outside,
    target: join(outside, target === 'bashrc' ? 'bashrc' : 'other.md'),
    snapshot,
  }
}

/** Starts the swapper; resolves with the swaps it made once it is done. */
function swapping(setup: Race): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SWAPPER, setup.root, 'd.md', setup.target, `${SWAPS}`, `${DURATION_MS}`],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      const swaps = /^swaps (\d+)/.exec(out)
      if (code !== 0 || !swaps) reject(new Error(`the swapper failed (${code}): ${out}`))
      else resolve(Number(swaps[1]))
    })
  })
}

interface Attempt {
  token: string
  written: boolean
}

interface Counts {
  writer: string
  target: Target
  swaps: number
  attempts: number
  written: number
  refused: number
  bytesOutside: number
  lost: number
  writtenThoughRefused: number
}

const results: Counts[] = []

afterAll(() => {
  for (const counts of results) process.stdout.write(`link-swap race: ${JSON.stringify(counts)}\n`)
})

/** Races `write` (called until the swapper is done) and checks what landed where. */
async function runRace(
  writer: string,
  target: Target,
  write: (setup: Race, token: string) => Promise<boolean>,
  writers: number,
): Promise<Counts> {
  const setup = await race(target)
  const before = await setup.snapshot()
  let done = false
  const swaps = swapping(setup).finally(() => (done = true))
  const attempts: Attempt[] = []
  let next = 0
  const loop = async (): Promise<void> => {
    while (!done) {
      const token = `race-${next++}`
      attempts.push({ token, written: await write(setup, token) })
    }
  }
  await Promise.all([swaps, ...Array.from({ length: writers }, loop)])
  const after = await setup.snapshot()
  // Each comment by its token, once: tens of thousands of attempts are checked against it.
  const byToken = new Map<string, { vote: string | null }[]>()
  for (const comment of parseDiscussion(await readFile(setup.file, 'utf8')).comments) {
    const token = /Comment (race-\d+)\./.exec(comment.body)?.[1]
    if (token) byToken.set(token, [...(byToken.get(token) ?? []), comment])
  }
  const landed = (token: string) => byToken.get(token) ?? []
  const counts: Counts = {
    writer,
    target,
    swaps: await swaps,
    attempts: attempts.length,
    written: attempts.filter((attempt) => attempt.written).length,
    refused: attempts.filter((attempt) => !attempt.written).length,
    bytesOutside: Math.abs(after.bytes - before.bytes),
    lost: attempts.filter(({ token, written }) => {
      const found = landed(token)
      return written && !(found.length === 1 && found[0]?.vote === 'READY')
    }).length,
    writtenThoughRefused: attempts.filter(
      ({ token, written }) => !written && landed(token).length > 0,
    ).length,
  }
  results.push(counts)
  expect(after.text).toBe(before.text)
  expect(counts).toMatchObject({ swaps: SWAPS, bytesOutside: 0, lost: 0, writtenThoughRefused: 0 })
  expect(counts.written).toBeGreaterThan(0)
  return counts
}

const timeout = DURATION_MS * 1.5 + 60_000

coldThenWarm('a discussion swapped with a link leading out, while comments are added', () => {
  for (const target of ['bashrc', 'discussion'] as const) {
    it(
      `through the real bin (to the ${target} outside): nothing lands outside, nothing is lost`,
      async () => {
        await runRace(
          'cli',
          target,
          async (setup, token) => {
            const run = await runDiscussions(
              ['comment', 'd.md', `Comment ${token}.`, '--vote', 'READY'],
              {
                cwd: setup.root,
                env: {
                  DISCUSSIONS_CONFIG_DIR: join(setup.state, 'config'),
                  DISCUSSIONS_STATE_DIR: setup.state,
                  DISCUSSIONS_USER: 'Rob',
                },
              },
            )
            return run.code === 0
          },
          CLI_WRITERS,
        )
      },
      timeout,
    )

    it(
      `through the browser-mode server (to the ${target} outside): nothing lands outside, nothing is lost`,
      async () => {
        const renderer = await tempFolder()
        await writeFile(join(renderer, 'index.html'), '<!doctype html><title>app</title>')
        const opened: { socket: Promise<{ ws: WebSocket; close: () => Promise<void> }> | null } = {
          socket: null,
        }
        const open = async (setup: Race) => {
          const server = await serveBrowserMode({
            folder: setup.root,
            rendererDir: renderer,
            port: 0,
            env: {
              PATH: process.env.PATH ?? '',
              DISCUSSIONS_CONFIG_DIR: join(setup.state, 'config'),
              DISCUSSIONS_STATE_DIR: setup.state,
              DISCUSSIONS_USER: 'Rob',
            },
            version: '0',
          })
          const url = new URL(server.url)
          const token = url.hash.replace('#token=', '')
          const ws = new WebSocket(`ws://${url.host}/api`, ['discussions', `token.${token}`], {
            headers: { origin: url.origin },
          })
          await new Promise((resolve, reject) => {
            ws.once('open', resolve)
            ws.once('error', reject)
          })
          return { ws, close: async () => (ws.close(), await server.close()) }
        }
        const replies = new Map<number, (ok: boolean) => void>()
        let id = 0
        try {
          await runRace(
            'browser-mode server',
            target,
            async (setup, token) => {
              opened.socket ??= open(setup).then((connection) => {
                connection.ws.on('message', (data: Buffer) => {
                  const message = JSON.parse(data.toString()) as {
                    id?: number
                    reply?: { error?: unknown }
                  }
                  if (message.id === undefined) return // an event
                  replies.get(message.id)?.(message.reply?.error === undefined)
                  replies.delete(message.id)
                })
                return connection
              })
              const { ws } = await opened.socket
              const mine = ++id
              const reply = new Promise<boolean>((resolve) => replies.set(mine, resolve))
              ws.send(
                JSON.stringify({
                  id: mine,
                  channel: 'comments:add',
                  payload: { path: setup.file, text: `Comment ${token}.`, vote: 'READY' },
                }),
              )
              return reply
            },
            SOCKET_IN_FLIGHT,
          )
        } finally {
          if (opened.socket) await (await opened.socket).close()
        }
      },
      timeout,
    )
  }
})
