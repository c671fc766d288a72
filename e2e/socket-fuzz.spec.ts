// The real `discussions ui --web` against a few thousand malformed WebSocket frames from a real
// client: oversized, invalid UTF-8, binary, not JSON, wrong envelopes, tricky channels and
// payloads. The server process must stay up and keep answering a well-formed request.
import { expect, test } from '@playwright/test'
import fc from 'fast-check'
import { WebSocket } from 'ws'

import { exampleFolder, startUi } from './support/ui-server.js'
import type { RunningUi } from './support/ui-server.js'

const MB = 1024 * 1024
/** Channels that only read: a valid payload for them changes nothing. */
const READ_ONLY = ['discussions:list', 'app:info', 'workspace:recent', 'diagrams:render']

type Frame = { data: string | Buffer; binary: boolean }

/** Frames of every kind of wrong, from a fixed seed so a failure can be replayed. */
function malformedFrames(count: number): Frame[] {
  const text = (data: string): Frame => ({ data, binary: false })
  const weird = fc.oneof(
    fc.string({ unit: 'binary' }).map(text),
    fc.jsonValue().map((value) => text(JSON.stringify(value))),
    fc
      .record({
        id: fc.oneof(fc.anything(), fc.integer(), fc.double()),
        channel: fc.oneof(fc.anything(), fc.constantFrom(...READ_ONLY), fc.string()),
        payload: fc.anything(),
      })
      .map((value) => text(JSON.stringify(value) ?? 'null')),
    fc
      .record({ id: fc.nat(), channel: fc.constantFrom(...READ_ONLY), payload: fc.anything() })
      .map((value) => text(JSON.stringify(value))),
    fc.constantFrom(
      text('{"id":1,"channel":{"toString":1}}'),
      text('{"id":1,"channel":{"toString":{"toString":1}},"payload":{"valueOf":1}}'),
      text('{"__proto__":{"id":1},"channel":"app:info"}'),
      text('{"id":1,"channel":"constructor"}'),
      text('{"id":1,"channel":"__proto__"}'),
      text('{"id":1e400,"channel":"app:info"}'),
      text('{"id":-1,"channel":"app:info"}'),
      text('{"id":1,"channel":"discussions:list","payload":{"folder":{"toString":1}}}'),
      text('['.repeat(100_000)),
    ),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
      data: Buffer.from(bytes),
      binary: true,
    })),
    // Text frames whose bytes are not UTF-8.
    fc.uint8Array({ minLength: 1, maxLength: 16 }).map((bytes) => ({
      data: Buffer.concat([Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(bytes)]),
      binary: false,
    })),
  )
  const frames = fc.sample(weird, { numRuns: count, seed: 14 })
  // A few over the 1 MB limit, spread through the run.
  for (let at = 0; at < frames.length; at += Math.ceil(frames.length / 5))
    frames.splice(at, 0, text('x'.repeat(MB + 1)))
  return frames
}

async function connect(ui: RunningUi): Promise<WebSocket> {
  const ws = new WebSocket(
    `${ui.origin.replace('http', 'ws')}/api`,
    ['discussions', `token.${ui.token}`],
    { headers: { origin: ui.origin } },
  )
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  ws.on('error', () => {}) // the server closing a socket on a bad frame is expected
  return ws
}

async function answers(ui: RunningUi): Promise<boolean> {
  const ws = await connect(ui)
  const reply = new Promise<boolean>((resolve) => {
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { id?: number; reply?: { value?: unknown } }
      if (message.id === 424242) resolve(message.reply?.value !== undefined)
    })
    setTimeout(() => resolve(false), 10_000)
  })
  ws.send(JSON.stringify({ id: 424242, channel: 'app:info', payload: {} }))
  const ok = await reply
  ws.close()
  return ok
}

test('thousands of malformed frames never stop the server', async () => {
  test.setTimeout(300_000)
  const ui = await startUi(await exampleFolder())
  try {
    const frames = malformedFrames(3_000)
    let sent = 0
    let socketsClosedByServer = 0
    let ws = await connect(ui)
    for (const frame of frames) {
      if (ws.readyState !== WebSocket.OPEN) {
        socketsClosedByServer++
        ws = await connect(ui)
      }
      ws.send(frame.data, { binary: frame.binary })
      sent++
      // Let the server read it before the next one, so a frame that closes the socket is seen.
      if (sent % 25 === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      if (sent % 500 === 0) {
        expect(ui.alive()).toBe(true)
        expect(await answers(ui)).toBe(true)
      }
    }
    ws.close()
    expect(ui.alive()).toBe(true)
    expect(await answers(ui)).toBe(true)
    console.log(
      `malformed frames sent: ${sent}; sockets the server closed: ${socketsClosedByServer}; server exits: ${ui.alive() ? 0 : 1}`,
    )
    expect(sent).toBeGreaterThanOrEqual(3_000)
  } finally {
    await ui.stop()
  }
})
