/**
 * The command provider against real misbehaving programs (see stand-ins.ts): timeouts honoured
 * within a second, nothing left running afterwards, no key seen by a program that was not given
 * it, and every failure reported as one line that says what happened.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { ProviderError } from '../../src/core/providers/port.js'
import type { ProviderRequest } from '../../src/core/providers/port.js'
import { createCommandProvider } from '../../src/node/providers/command-provider.js'
import type { CommandProviderOptions } from '../../src/node/providers/command-provider.js'
import { liveGroups } from '../../src/node/providers/process-group.js'
import { isGone, pathWithNode, readPid, waitGone, writeStandIns } from './stand-ins.js'
import type { StandIn } from './stand-ins.js'
import { parseAnswer } from '../../src/core/turns/answer.js'

const SECRET = 'sk-secret-OPENAI-0123456789abcdef'
const OTHER_SECRET = 'sk-ant-secret-ANTHROPIC-0123456789'
let dir: string
let scratchRoot: string
let bins: Record<StandIn, string>
const saved = { openai: process.env.OPENAI_API_KEY, anthropic: process.env.ANTHROPIC_API_KEY }

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'discussions-stand-ins-'))
  scratchRoot = await mkdtemp(join(tmpdir(), 'discussions-scratch-'))
  bins = await writeStandIns(dir)
  // The real parent environment holds keys, as a user's shell does.
  process.env.OPENAI_API_KEY = SECRET
  process.env.ANTHROPIC_API_KEY = OTHER_SECRET
})
afterAll(async () => {
  for (const [name, value] of [
    ['OPENAI_API_KEY', saved.openai],
    ['ANTHROPIC_API_KEY', saved.anthropic],
  ] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  await rm(dir, { recursive: true, force: true })
  await rm(scratchRoot, { recursive: true, force: true })
})
afterEach(async () => {
  // Every scratch folder is removed once its program is gone.
  await expect.poll(() => readdir(scratchRoot), { timeout: 4_000 }).toEqual([])
})

function provider(argv: string[], options: Partial<CommandProviderOptions> = {}) {
  return createCommandProvider({
    name: 'stand-in',
    argv,
    envNames: [],
    parentEnv: { ...process.env, PATH: pathWithNode() },
    scratchRoot,
    ...options,
  })
}

async function failure(
  promise: Promise<unknown>,
): Promise<{ error: ProviderError; elapsed: number }> {
  const started = performance.now()
  try {
    await promise
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    return { error, elapsed: performance.now() - started }
  }
  throw new Error('expected the call to fail')
}

const request = (extra: Partial<ProviderRequest> = {}): ProviderRequest => ({
  prompt: 'What do you think?',
  ...extra,
})

describe('command provider', () => {
  it('sends the prompt on stdin and returns stdout, with estimated tokens', async () => {
    const deltas: string[] = []
    const result = await provider([bins.echo]).complete(
      request({ system: 'You are a test.', onText: (delta) => deltas.push(delta) }),
    )
    expect(JSON.parse(result.text)).toEqual({
      comment: `got 35 chars: You are a test.\n\nWha`,
      vote: 'READY',
    })
    expect(deltas.join('')).toBe(result.text)
    expect(result.usage).toEqual({
      inputTokens: 9,
      outputTokens: expect.any(Number),
      estimated: true,
    })
  })

  // A turn starts its providers one after another without returning to the event loop. Through a
  // pipe, a program's input ended only when the loop came round to closing the pipe, so the first
  // program waited for the last to start before it could begin. A file's end needs nobody.
  it('gives the program its prompt as a file that ends by itself, and leaves no copy behind', async () => {
    const marks = await mkdtemp(join(tmpdir(), 'discussions-eof-'))
    const script = join(marks, 'reads-all.sh')
    await writeFile(
      script,
      [
        '#!/bin/sh',
        `if [ -f /dev/stdin ]; then echo file; else echo other; fi > "${marks}/stdin-kind"`,
        `cat > "${marks}/input"`,
        `ls -A > "${marks}/scratch"`,
        'echo answered',
      ].join('\n'),
      { mode: 0o755 },
    )
    try {
      const answer = await provider([script]).complete(request({ system: 'Be brief.' }))
      expect(answer.text).toBe('answered')
      expect(await readFile(join(marks, 'stdin-kind'), 'utf8')).toBe('file\n')
      expect(await readFile(join(marks, 'input'), 'utf8')).toBe('Be brief.\n\nWhat do you think?')
      // The program's working folder is empty: the prompt is not left there for it to find.
      expect(await readFile(join(marks, 'scratch'), 'utf8')).toBe('')
    } finally {
      await rm(marks, { recursive: true, force: true })
    }
  })

  it('leaves no scratch folder behind when the program cannot even be started', async () => {
    // Node refuses a NUL in a program's name before starting anything; afterEach checks the
    // scratch folders are all gone.
    await expect(provider(['no\0such']).complete(request())).rejects.toThrow(/null bytes/)
  })

  it('waits for a slow program that answers within its timeout', async () => {
    const result = await provider([bins.slow], { timeoutMs: 5_000 }).complete(request())
    expect(result.text).toBe('thinking... done')
  })

  it('stops a slow program at its timeout, at the limit', async () => {
    const { error, elapsed } = await failure(
      provider([bins.slow], { timeoutMs: 700 }).complete(request()),
    )
    expect(error.reason).toBe('timeout')
    expect(error.message).toBe(`no answer from "${bins.slow}" within 0.7 s`)
    expect(elapsed).toBeGreaterThanOrEqual(690)
  })

  it('lets the request timeout override the configured one', async () => {
    const { error, elapsed } = await failure(
      provider([bins.hang], { timeoutMs: 60_000 }).complete(request({ timeoutMs: 500 })),
    )
    expect(error.reason).toBe('timeout')
    // Bounds in these tests sit far from the other outcome (here the 60 s one), never near the
    // expected time: a busy machine stretches every wait.
    expect(elapsed).toBeLessThan(30_000)
  })

  it('reports a crash with its exit code and last stderr line, the key redacted', async () => {
    const { error } = await failure(provider([bins.crash, SECRET]).complete(request()))
    expect(error.reason).toBe('exit')
    expect(error.message).toBe(
      `"${bins.crash}" exited with code 3: Error: 401 Unauthorized for key [redacted]`,
    )
    expect(error.message).not.toContain('sk-')
  })

  it('redacts key-shaped strings even when the key is not in the environment', async () => {
    const { error } = await failure(provider([bins.crash]).complete(request()))
    expect(error.message).toContain('for key [redacted]')
  })

  it('kills a program that ignores SIGTERM: TERM, then KILL after the grace period', async () => {
    const pidFile = join(dir, 'ignore-term.pid')
    const { error, elapsed } = await failure(
      provider([bins['ignore-term'], pidFile], { timeoutMs: 600, graceMs: 4_000 }).complete(
        request(),
      ),
    )
    expect(error.reason).toBe('timeout')
    // The call returns at the timeout; the kill goes on without keeping the caller waiting.
    expect(elapsed).toBeLessThan(3_000) // waiting for the kill would take 4.6 s
    const pid = await readPid(pidFile)
    expect(await waitGone(pid, 10_000)).toBe(true)
  })

  it('leaves no grandchild behind when it times out (the whole group is killed)', async () => {
    const pidFile = join(dir, 'grandchild-hang.pid')
    const { error } = await failure(
      provider([bins.grandchild, pidFile, 'hang'], { timeoutMs: 800, graceMs: 500 }).complete(
        request(),
      ),
    )
    expect(error.reason).toBe('timeout')
    const grandchild = await readPid(pidFile)
    expect(await waitGone(grandchild, 3_000)).toBe(true)
  })

  it('answers promptly when a program exits but leaves a grandchild holding its output open', async () => {
    const pidFile = join(dir, 'grandchild-exit.pid')
    const started = performance.now()
    const result = await provider([bins.grandchild, pidFile, 'exit'], {
      timeoutMs: 10_000,
      graceMs: 500,
    }).complete(request())
    expect(result.text).toBe('answer from the parent')
    expect(performance.now() - started).toBeLessThan(8_000) // not the 10 s timeout
    const grandchild = await readPid(pidFile)
    expect(await isGone(grandchild)).toBe(false) // it ignores TERM: KILL after the grace period
    expect(await waitGone(grandchild, 3_000)).toBe(true)
    await expect.poll(() => liveGroups(), { timeout: 1_000 }).toEqual([])
  })

  it('stops a flood of output at the cap', async () => {
    // The flood never ends by itself: that the call returns at all is the stop.
    const { error } = await failure(
      provider([bins.flood], { maxOutputBytes: 1_000_000 }).complete(request()),
    )
    expect(error.reason).toBe('exit')
    expect(error.message).toContain('printed more than 1000000 bytes (max_output_bytes)')
  })

  it('returns garbage as printed, without crashing; the door repairs it and says so', async () => {
    const result = await provider([bins.garbage]).complete(request())
    expect(result.text).toContain('red\u001b[0m text, not JSON {{{')
    // Two bytes that are not UTF-8 and a NUL are removed with a note; the colours go silently.
    const answer = parseAnswer(result.text, { votes: false })
    expect(answer).toMatchObject({
      kind: 'comment',
      comment:
        'Ared text, not JSON {{{\n\n_(3 characters that are not text were removed from this answer: NUL bytes, or bytes that were not UTF-8.)_',
    })
  })

  it('reports a program that prints nothing as an empty answer (even with a large prompt)', async () => {
    const { error } = await failure(
      provider([bins.silent]).complete(request({ prompt: 'x'.repeat(2_000_000) })),
    )
    expect(error.reason).toBe('empty')
    expect(error.message).toBe(`"${bins.silent}" printed nothing`)
  })

  it('says how to fix a program that is not installed', async () => {
    const { error } = await failure(provider(['no-such-ai-cli-here', '-p']).complete(request()))
    expect(error.reason).toBe('not-found')
    expect(error.message).toBe(
      'program "no-such-ai-cli-here" not found: install it, or fix the command in providers.yaml',
    )
  })

  it('says so of a program that is not executable, and one that exits without reading', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'discussions-plain-'))
    const plain = join(folder, 'not-executable')
    await writeFile(plain, '#!/bin/sh\necho hi\n', { mode: 0o644 })
    const { error } = await failure(provider([plain]).complete(request()))
    await rm(folder, { recursive: true })
    expect(error.reason).toBe('not-found')
    expect(error.message).toBe(
      `program "${plain}" not executable: install it, or fix the command in providers.yaml`,
    )
    // /bin/false never reads the 2 MB prompt: the broken pipe is not the story, the exit is.
    const { error: exited } = await failure(
      provider(['/bin/false']).complete(request({ prompt: 'x'.repeat(2_000_000) })),
    )
    expect(exited.message).toBe('"/bin/false" exited with code 1')
  })

  it('runs in a scratch folder with an allow-listed environment: no key it was not given', async () => {
    const result = await provider([bins.env], { envNames: ['ANTHROPIC_API_KEY'] }).complete(
      request(),
    )
    const seen = JSON.parse(result.text) as { cwd: string; env: Record<string, string> }
    expect(seen.cwd.startsWith(join(scratchRoot, 'discussions-provider-'))).toBe(true)
    expect(seen.env.OPENAI_API_KEY).toBeUndefined()
    expect(result.text).not.toContain(SECRET)
    // Given to the program, and hidden again when its answer repeats it.
    expect(seen.env.ANTHROPIC_API_KEY).toBe('[redacted]')
    expect(result.text).not.toContain(OTHER_SECRET)
    expect(seen.env.PATH).toBe(pathWithNode())
    expect(seen.env.NO_COLOR).toBe('1')
    const unexpected = Object.keys(seen.env).filter(
      (name) =>
        !/^(PATH|HOME|USER|LOGNAME|LANG|LANGUAGE|TERM|TMPDIR|TZ|XDG_[A-Z_]+|LC_[A-Z_]+|NO_COLOR|ANTHROPIC_API_KEY)$/.test(
          name,
        ),
    )
    expect(unexpected).toEqual([])
  })

  it('sees no key at all when none is allowed', async () => {
    const result = await provider([bins.env]).complete(request())
    expect(result.text).not.toContain(SECRET)
    expect(result.text).not.toContain(OTHER_SECRET)
  })

  it('is cancelled through its AbortSignal at once, and its group killed', async () => {
    const pidFile = join(dir, 'grandchild-cancel.pid')
    const controller = new AbortController()
    const call = provider([bins.grandchild, pidFile, 'hang'], { graceMs: 500 }).complete(
      request({ signal: controller.signal }),
    )
    const grandchild = await readPid(pidFile)
    const started = performance.now()
    controller.abort()
    const { error } = await failure(call)
    expect(error.reason).toBe('cancelled')
    expect(performance.now() - started).toBeLessThan(5_000) // the grandchild holds on for ever
    expect(await waitGone(grandchild, 3_000)).toBe(true)
  })

  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const { error } = await failure(
      provider([bins.echo]).complete(request({ signal: controller.signal })),
    )
    expect(error.reason).toBe('cancelled')
  })

  it('stops a program that stays silent past its inactivity timeout (when one is set)', async () => {
    const { error, elapsed } = await failure(
      provider([bins.hang], { inactivityTimeoutMs: 400 }).complete(request()),
    )
    expect(error.reason).toBe('timeout')
    expect(error.message).toBe(`"${bins.hang}" printed nothing for 0.4 s`)
    expect(elapsed).toBeLessThan(5_000) // it hangs for ever
  })

  it('keeps ten calls in parallel apart and leaves nothing running', async () => {
    const calls = Array.from({ length: 10 }, (_, index) =>
      provider([index % 2 === 0 ? bins.echo : bins.hang], { timeoutMs: 800, graceMs: 300 })
        .complete(request({ prompt: `call ${index}` }))
        .then(
          (result) => result.text,
          (error: ProviderError) => error.reason,
        ),
    )
    const outcomes = await Promise.all(calls)
    outcomes.forEach((outcome, index) => {
      if (index % 2 === 0) expect(outcome).toContain(`call ${index}`)
      else expect(outcome).toBe('timeout')
    })
    await expect.poll(() => liveGroups(), { timeout: 3_000 }).toEqual([])
  })
})
