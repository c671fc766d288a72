/**
 * A turn reads its discussion once before the first provider is called, whichever face starts
 * it: the library's engine, the app's backend, the CLI. Counted at the file system (whole reads,
 * and every open of the file, head checks included) and at the parser, on real files with the
 * offline demo provider. The figures are printed, so a run shows them.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'

import { Command } from '@commander-js/extra-typings'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Backend } from '../../src/backend/index.js'
import type * as Parse from '../../src/core/format/parse.js'
import { createBackend } from '../../src/backend/index.js'
import { registerTurn } from '../../src/cli/commands/turn.js'
import { cliIO } from '../../src/cli/io.js'
import type { CliIO } from '../../src/cli/io.js'
import { openEngine } from '../../src/node/engine/index.js'
import type { TurnProgress } from '../../src/shared/contract/index.js'
import { countReads } from '../support/count-reads.js'
import type { ReadCount } from '../support/count-reads.js'
import { ROOT } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

/** Every text the parser was given, in order. */
const parsed = vi.hoisted(() => [] as string[])
vi.mock('../../src/core/format/parse.js', async (importOriginal) => {
  const original = await importOriginal<typeof Parse>()
  return {
    ...original,
    parseDiscussion: (text: string) => {
      parsed.push(text)
      return original.parseDiscussion(text)
    },
  }
})

const EXAMPLE = 'add-user-authentication.md'
const PARTICIPANTS = ['architect', 'security']

interface Figures {
  opens: number
  whole: number
  parses: number
}

/** A project with one example discussion, the settings folders the faces are given. */
async function project() {
  const root = await tempFolder()
  await mkdir(join(root, '.git'))
  const folder = join(root, 'discussions')
  await mkdir(folder)
  const file = join(folder, EXAMPLE)
  await copyFile(join(ROOT, 'examples', EXAMPLE), file)
  const env = {
    ...process.env,
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
    NO_COLOR: '1',
  }
  const head = (await readFile(file, 'utf8')).split('\n', 1)[0] ?? ''
  return { root, folder, file, env, head }
}

/** Counts from now on: the file's opens and whole reads, and the parses of the discussion. */
function measure(file: string, head: string): { now: () => Figures; stop: () => void } {
  const reads: ReadCount = countReads(file)
  const from = parsed.length
  // The discussion itself, not a block the store parses to journal an answer (`---\n...`).
  const parses = (): number => parsed.slice(from).filter((text) => text.startsWith(head)).length
  return {
    now: () => ({ opens: reads.opens, whole: reads.whole, parses: parses() }),
    stop: () => reads.stop(),
  }
}

function report(face: string, before: Figures, whole: Figures): void {
  console.log(
    `${face}: before the first provider call ${before.whole} whole read(s), ${before.parses} parse(s), ${before.opens} open(s); whole turn ${whole.whole} whole read(s), ${whole.parses} parse(s), ${whole.opens} open(s)`,
  )
}

const stopping: (() => void)[] = []
afterEach(() => {
  for (const stop of stopping.splice(0)) stop()
})

describe('a turn reads its discussion once before calling anyone', () => {
  it('through the engine', async () => {
    const { file, env, head, folder } = await project()
    const engine = await openEngine({ cwd: folder, env })
    const counting = measure(file, head)
    stopping.push(counting.stop)
    let before: Figures | null = null
    const result = await engine.runTurn(file, {
      participants: PARTICIPANTS,
      onEvent: (event) => {
        if (event.type === 'started') before ??= counting.now()
      },
    })
    expect(result.answers.map((answer) => answer.outcome)).toEqual(['done', 'done'])
    report('engine', before!, counting.now())
    expect(before).toMatchObject({ whole: 1, parses: 1 })
  })

  it('through the backend', async () => {
    const { file, env, head, folder } = await project()
    const backend: Backend = await createBackend({
      shell: { mode: 'browser' },
      env,
      platform: process.platform,
      folders: [folder],
      version: '0.0.0-test',
    })
    stopping.push(() => backend.close())
    const counting = measure(file, head)
    stopping.push(counting.stop)
    let before: Figures | null = null
    const finished = new Promise<void>((resolve) =>
      backend.subscribe((channel, payload) => {
        if (channel !== 'turns:progress') return
        const progress = payload as TurnProgress
        if (progress.kind === 'event' && progress.event.type === 'started')
          before ??= counting.now()
        if (progress.kind !== 'event') resolve()
      }),
    )
    const reply = (await backend.invoke('turns:start', {
      path: file,
      participants: PARTICIPANTS,
    })) as { error?: { message: string } }
    expect(reply.error).toBeUndefined()
    await finished
    report('backend', before!, counting.now())
    expect(before).toMatchObject({ whole: 1, parses: 1 })
  })

  it('through the CLI, cold and then warm', async () => {
    const { file, env, head, folder } = await project()
    for (const run of ['cold', 'warm']) {
      const counting = measure(file, head)
      stopping.push(counting.stop)
      let before: Figures | null = null
      let output = ''
      // The JSON progress lines are written as the events happen: the first `started` is the moment.
      const stdout = new Writable({
        write(chunk: Buffer, _encoding, done) {
          const text = chunk.toString()
          if (text.includes('"type":"started"')) before ??= counting.now()
          output += text
          done()
        },
      })
      const io: CliIO = cliIO({
        stdin: process.stdin,
        stdout,
        stderr: new Writable({ write: (_chunk, _encoding, done) => done() }),
        cwd: folder,
        env,
      })
      const program = new Command().exitOverride()
      registerTurn(program, io)
      await program.parseAsync(['turn', file, ...PARTICIPANTS.map((a) => `@${a}`), '--json'], {
        from: 'user',
      })
      counting.stop()
      expect(output, run).toContain('"type":"result"')
      report(`CLI (${run})`, before!, counting.now())
      expect(before, run).toMatchObject({ whole: 1, parses: 1 })
    }
  })
})
