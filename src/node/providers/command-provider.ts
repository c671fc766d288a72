/**
 * A command provider: a program (claude, codex, gemini, opencode, ollama, a script) that reads the
 * prompt on stdin and answers on stdout. Every rule is here, whatever the program: no shell, an
 * allow-listed environment, a scratch working folder, a per-call timeout, a capped output, and on
 * timeout or cancel the whole process group killed (TERM, then KILL). What the program is started
 * with and how its output reads is its dialect's (command-output.ts): plain text for a program
 * the project does not know, a structured stream for the AI CLIs it does (agent-clis/).
 */
import type { ChildProcessByStdio } from 'node:child_process'
import { closeSync, openSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import type { Readable } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'

// cross-spawn rather than execa: the same spawn where Node's is enough, and Windows' .cmd shims
// run without a shell; execa's own machinery (its import alone is a fifth of a CLI turn's start-up)
// is not needed here, where the streams, timeouts and the kill are handled below.
import spawn from 'cross-spawn'

import { ProviderError } from '../../core/providers/port.js'
import type {
  Provider,
  ProviderCompletion,
  ProviderPrices,
  ProviderRequest,
} from '../../core/providers/port.js'
import { estimateUsage } from '../../core/providers/usage.js'
import { childEnv } from './child-env.js'
import { plainText } from './command-output.js'
import { failureLine } from './failure-line.js'
import type { CommandDialect, ReadAnswer } from './command-output.js'
import { terminateGroup, trackGroup } from './process-group.js'
import { redact, streamRedactor } from './redact.js'
import { makeScratch, removeScratch } from './scratch.js'
import { HOST_PLATFORM } from '../host.js'

export const COMMAND_DEFAULTS = {
  /** CLI agents think before they answer, and `claude -p` is silent until it is done. */
  timeoutMs: 180_000,
  maxOutputBytes: 2_000_000,
  graceMs: 2_000,
} as const

export interface CommandProviderOptions {
  name: string
  description?: string
  prices?: ProviderPrices
  /** The program and its arguments, already split and hardened. */
  argv: readonly string[]
  /** The variables this provider may see beyond the basics: its key variable and `env:` names. */
  envNames: readonly string[]
  /** More variables it may see, by name: a known CLI's own (`ANTHROPIC_*` for claude). */
  ownVariable?: (name: string) => boolean
  /** How the program is started and read (default: plain text on stdout). */
  dialect?: CommandDialect
  /** Where the allowed variables are read from (the user's environment). */
  parentEnv: NodeJS.ProcessEnv
  timeoutMs?: number
  /** Only when configured: most CLIs print nothing until they are done. */
  inactivityTimeoutMs?: number | null
  maxOutputBytes?: number
  /** Between TERM and KILL. */
  graceMs?: number
  /** Where scratch folders are made (default the system temp folder). */
  scratchRoot?: string
}

const STDERR_TAIL = 8_192

/** How long output may still arrive after the program exited, while a leftover holds the pipe. */
const EXIT_DRAIN_MS = 250

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}

/**
 * The prompt as the program's stdin: a file in its scratch folder, opened for it, and no longer
 * named there once open. Through a pipe, the end of the input reached the program only once this
 * process's event loop came round to closing the pipe, which for a turn's providers was after the
 * last of them had started: the first waited for the others, and all began their work together.
 * A file ends where it ends. Written at once: a prompt is some kilobytes, and the spawn that
 * follows blocks for longer.
 */
function promptInput(scratch: string, input: string): number {
  const file = join(scratch, 'prompt')
  writeFileSync(file, input, { flag: 'wx', mode: 0o600 })
  const fd = openSync(file, 'r')
  // Windows cannot remove an open file; the scratch folder goes with it when the call ends.
  if (HOST_PLATFORM !== 'win32') unlinkSync(file)
  return fd
}

/**
 * The one place a command's answer text is produced from what it printed: keys hidden, outer
 * blank space trimmed. What it decodes to passes the door (src/core/text) where the answer is
 * read, escape sequences and all.
 */
function answerText(read: ReadAnswer, clean: (text: string) => string): string {
  return clean(read.text).trim()
}

export function createCommandProvider(options: CommandProviderOptions): Provider {
  const program = options.argv[0] ?? ''
  const dialect = options.dialect ?? plainText(options.argv)
  const timeoutDefault = options.timeoutMs ?? COMMAND_DEFAULTS.timeoutMs
  const maxBytes = options.maxOutputBytes ?? COMMAND_DEFAULTS.maxOutputBytes
  const graceMs = options.graceMs ?? COMMAND_DEFAULTS.graceMs
  const clean = (text: string): string => redact(text, options.envNames, options.parentEnv)

  async function complete(request: ProviderRequest): Promise<ProviderCompletion> {
    if (request.signal?.aborted) throw new ProviderError('cancelled', 'cancelled')
    const input = request.system ? `${request.system}\n\n${request.prompt}` : request.prompt
    const scratch = makeScratch(options.scratchRoot)
    let subprocess: ChildProcessByStdio<null, Readable, Readable>
    try {
      const call = dialect.prepare(scratch)
      const stdin = promptInput(scratch, input)
      // The rest of a run's dollar cap, handed to a CLI that enforces one itself.
      const argv =
        request.maxBudgetUsd !== undefined && dialect.budgetArgs
          ? [...call.argv, ...dialect.budgetArgs(request.maxBudgetUsd)]
          : call.argv
      try {
        subprocess = spawn(argv[0] ?? program, argv.slice(1), {
          cwd: scratch,
          env: {
            ...childEnv(options.parentEnv, options.envNames, options.ownVariable),
            ...call.env,
          },
          shell: false,
          // Its own process group, so the whole tree can be killed (see process-group.ts).
          detached: true,
          stdio: [stdin, 'pipe', 'pipe'],
          windowsHide: true,
        }) as ChildProcessByStdio<null, Readable, Readable>
      } finally {
        closeSync(stdin) // the program has its own copy once spawn returns
      }
    } catch (error) {
      await removeScratch(scratch) // nothing was started in it (a full disk, say)
      throw error
    }
    const pid = subprocess.pid
    if (pid !== undefined) trackGroup(pid)
    let terminating = false
    const terminate = (): void => {
      if (terminating || pid === undefined) return
      terminating = true
      // Windows has no process groups to signal: the direct child is all that can be reached.
      if (HOST_PLATFORM === 'win32') subprocess.kill('SIGKILL')
      else terminateGroup(pid, graceMs)
    }

    return new Promise<ProviderCompletion>((resolve, reject) => {
      let settled = false
      const reader = dialect.reader()
      let stdoutBytes = 0
      let stderrTail = ''
      const decoder = new StringDecoder('utf8')
      const errorDecoder = new StringDecoder('utf8')
      // The answer may quote a key the program was given: it is hidden before anyone sees it.
      const shown = streamRedactor(options.envNames, options.parentEnv)
      const show = (text: string): void => {
        const safe = text === '' ? '' : shown.push(text)
        if (safe) request.onText?.(stripVTControlCharacters(safe))
      }
      const timeoutMs = request.timeoutMs ?? timeoutDefault
      const timers: NodeJS.Timeout[] = []
      let inactivity: NodeJS.Timeout | undefined

      const settle = (outcome: () => void): void => {
        if (settled) return
        settled = true
        for (const timer of timers) clearTimeout(timer)
        clearTimeout(inactivity)
        request.signal?.removeEventListener('abort', onAbort)
        outcome()
      }
      const fail = (error: ProviderError): void => {
        terminate()
        settle(() => reject(error))
      }
      function onAbort(): void {
        fail(new ProviderError('cancelled', 'cancelled'))
      }
      const armInactivity = (): void => {
        const limit = options.inactivityTimeoutMs
        if (!limit || settled) return
        clearTimeout(inactivity)
        inactivity = setTimeout(() => {
          fail(new ProviderError('timeout', `"${program}" printed nothing for ${seconds(limit)}`))
        }, limit)
      }

      request.signal?.addEventListener('abort', onAbort, { once: true })
      timers.push(
        setTimeout(() => {
          fail(
            new ProviderError(
              'timeout',
              `no answer from "${program}" within ${seconds(timeoutMs)}`,
            ),
          )
        }, timeoutMs),
      )
      armInactivity()

      subprocess.stdout.on('data', (chunk: Buffer) => {
        if (settled) return
        stdoutBytes += chunk.length
        if (stdoutBytes > maxBytes) {
          fail(
            new ProviderError(
              'exit',
              `"${program}" printed more than ${maxBytes} bytes (max_output_bytes); stopped it`,
            ),
          )
          return
        }
        armInactivity()
        const piece = reader.stdout(decoder.write(chunk))
        if (piece.failure !== null) fail(new ProviderError('exit', clean(piece.failure)))
        else show(piece.text)
      })
      subprocess.stderr.on('data', (chunk: Buffer) => {
        if (settled) return
        const text = errorDecoder.write(chunk)
        stderrTail = (stderrTail + text).slice(-STDERR_TAIL)
        armInactivity()
        const piece = reader.stderr(text)
        if (piece.failure !== null) fail(new ProviderError('exit', clean(piece.failure)))
      })
      interface Ending {
        exitCode?: number | undefined
        signal?: string | undefined
        /** Why the program could not be started (ENOENT, EACCES, ...). */
        code?: string | undefined
        message?: string | undefined
      }
      const conclude = (ending: Ending): void => {
        if (settled) return
        // Redacted before the last line is picked and cut: a key split over lines, or cut, is found whole.
        const stderrLine = failureLine(clean(stderrTail))
        const spawnFailed = ending.exitCode === undefined && ending.signal === undefined
        if (spawnFailed && (ending.code === 'ENOENT' || ending.code === 'EACCES')) {
          const what = ending.code === 'ENOENT' ? 'not found' : 'not executable'
          fail(
            new ProviderError(
              'not-found',
              `program "${program}" ${what}: install it, or fix the command in providers.yaml`,
            ),
          )
        } else if (ending.signal !== undefined) {
          fail(new ProviderError('exit', `"${program}" was killed by ${ending.signal}`))
        } else if (spawnFailed) {
          const said = stderrLine || clean(ending.message ?? '')
          fail(
            new ProviderError(
              'exit',
              `"${program}" could not be started${said ? `: ${said}` : ''}`,
            ),
          )
        } else {
          const exitCode = ending.exitCode ?? 0
          show(reader.stdout(decoder.end()).text)
          const read = reader.end({ code: exitCode, stderr: stderrTail + errorDecoder.end() })
          if (read.kind === 'failed') {
            fail(new ProviderError('exit', clean(read.message)))
          } else if (read.kind === 'unexplained' || exitCode !== 0) {
            fail(
              new ProviderError(
                'exit',
                `"${program}" exited with code ${exitCode}${stderrLine ? `: ${stderrLine}` : ''}`,
              ),
            )
          } else {
            const rest = shown.end()
            if (rest) request.onText?.(stripVTControlCharacters(rest))
            const text = answerText(read.answer, clean)
            if (text === '') {
              const hint = stderrLine ? ` (stderr: ${stderrLine})` : ''
              fail(new ProviderError('empty', `"${program}" printed nothing${hint}`))
            } else {
              const { usage, costUsd, model, note } = read.answer
              settle(() =>
                resolve({
                  text,
                  usage: usage ? { ...usage, estimated: false } : estimateUsage(input, text),
                  ...(costUsd !== undefined ? { costUsd } : {}),
                  ...(model !== undefined ? { model } : {}),
                  ...(note !== undefined ? { note } : {}),
                }),
              )
            }
          }
        }
      }

      // The program is gone. Anything it left in its group goes too; and if a leftover holds
      // the output pipe open, the answer is taken as it stands once the pipe has had a moment
      // to drain, rather than waiting for the leftover to die.
      subprocess.on('exit', (exitCode: number | null, signal: NodeJS.Signals | null) => {
        terminate()
        timers.push(
          setTimeout(
            () =>
              conclude({
                ...(exitCode !== null ? { exitCode } : {}),
                ...(signal !== null ? { signal } : {}),
              }),
            EXIT_DRAIN_MS,
          ),
        )
      })

      // Started or not, 'close' comes last: after 'exit' and the pipes, or after a failed start's
      // 'error'.
      subprocess.on('error', (error: NodeJS.ErrnoException) => {
        if (subprocess.pid === undefined) conclude({ code: error.code, message: error.message })
      })
      subprocess.on('close', (exitCode: number | null, signal: NodeJS.Signals | null) => {
        conclude({
          ...(exitCode !== null ? { exitCode } : {}),
          ...(signal !== null ? { signal } : {}),
        })
        void removeScratch(scratch)
      })
    })
  }

  return {
    name: options.name,
    kind: 'command',
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.prices !== undefined ? { prices: options.prices } : {}),
    complete,
  }
}
