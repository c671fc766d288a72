/**
 * One long-lived PlantUML in `-pipe` mode. It reads a diagram from stdin, writes its picture (or,
 * with `-pipeNoStderr`, `ERROR`, the line and the messages) to stdout, then a delimiter line;
 * `@@@format svg|utxt` before a diagram picks its output. The delimiter is random per process,
 * so no diagram can print it. One diagram at a time: a timeout or an over-long output is charged
 * to exactly that diagram, and the process is then killed (the pool starts a fresh one).
 *
 * The JVM gets the SANDBOX security profile, an empty environment, no display, an empty home
 * and working folder, and a bounded heap.
 */
import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { PlantUmlCommand } from './plantuml-jar.js'

export type PlantUmlFormat = 'svg' | 'utxt'

export interface PlantUmlJob {
  format: PlantUmlFormat
  /** Prepared text: `@start…` to `@end…`, see core/diagrams/plantuml-source. */
  text: string
  timeoutMs: number
  maxOutputBytes: number
}

export type PlantUmlJobResult =
  { ok: true; output: string } | { ok: false; error: string; fatal: boolean }

/** What keeps one JVM within bounds; SerialGC keeps the resident size close to the heap. */
export const JVM_FLAGS = [
  '-Djava.awt.headless=true',
  '-DPLANTUML_SECURITY_PROFILE=SANDBOX',
  '-DPLANTUML_LIMIT_SIZE=8192',
  '-Xss4m',
  '-Xmx320m',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  // The environment is empty, so without these Java writes ASCII and text art becomes "?".
  '-Dfile.encoding=UTF-8',
  '-Dsun.stdout.encoding=UTF-8',
]

export function javaArguments(command: PlantUmlCommand, home: string): string[] {
  return [...JVM_FLAGS, `-Duser.home=${home}`, '-jar', command.jar]
}

export function javaEnvironment(command: PlantUmlCommand): Record<string, string> {
  return {
    PLANTUML_SECURITY_PROFILE: 'SANDBOX',
    PLANTUML_LIMIT_SIZE: '8192',
    ...(command.dot ? { GRAPHVIZ_DOT: command.dot } : {}),
  }
}

interface Pending {
  job: PlantUmlJob
  resolve: (result: PlantUmlJobResult) => void
  timer: NodeJS.Timeout
}

const STDERR_KEPT = 4000

function formatBytes(bytes: number): string {
  return bytes >= 1_000_000
    ? `${Math.round(bytes / 1_000_000)} MB`
    : `${Math.round(bytes / 1000)} KB`
}

export class PlantUmlProcess {
  readonly #child: ChildProcessWithoutNullStreams
  readonly #delimiter = `--discussions-${randomBytes(16).toString('hex')}--`
  readonly #home: string
  #buffer = ''
  #stderr = ''
  #pending: Pending | null = null
  #alive = true

  constructor(
    command: PlantUmlCommand,
    private readonly onExit: (process: PlantUmlProcess) => void,
  ) {
    this.#home = mkdtempSync(join(tmpdir(), 'discussions-plantuml-'))
    this.#child = spawn(
      command.java,
      [
        ...javaArguments(command, this.#home),
        '-tsvg',
        '-charset',
        'UTF-8',
        '-pipe',
        '-pipeNoStderr',
        '-pipedelimitor',
        this.#delimiter,
      ],
      { env: javaEnvironment(command), cwd: this.#home, stdio: 'pipe' },
    )
    // An idle process never keeps the CLI from exiting; a pending job's timer does meanwhile.
    this.#child.unref()
    for (const stream of [this.#child.stdin, this.#child.stdout, this.#child.stderr])
      (stream as unknown as { unref?: () => void }).unref?.()
    this.#child.stdout.setEncoding('utf8')
    this.#child.stderr.setEncoding('utf8')
    this.#child.stdout.on('data', (chunk: string) => this.#read(chunk))
    this.#child.stderr.on('data', (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-STDERR_KEPT)
    })
    this.#child.stdin.on('error', () => this.#died('PlantUML stopped reading its input'))
    this.#child.on('error', (error) => this.#died(`PlantUML could not start (${error.message})`))
    this.#child.on('exit', (code, signal) =>
      this.#died(`PlantUML exited (${signal ?? `code ${String(code)}`})`),
    )
  }

  get pid(): number | undefined {
    return this.#child.pid
  }

  get alive(): boolean {
    return this.#alive
  }

  get busy(): boolean {
    return this.#pending !== null
  }

  run(job: PlantUmlJob): Promise<PlantUmlJobResult> {
    if (!this.#alive)
      return Promise.resolve({ ok: false, error: 'PlantUML is not running.', fatal: true })
    if (this.#pending) throw new Error('PlantUmlProcess runs one diagram at a time')
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#abandon(
          `PlantUML took longer than ${Math.max(1, Math.round(job.timeoutMs / 1000))} s for this diagram.`,
        )
      }, job.timeoutMs)
      this.#pending = { job, resolve, timer }
      this.#child.stdin.write(`@@@format ${job.format}\n${job.text}`)
    })
  }

  /** Closing stdin ends PlantUML's read loop, so the JVM exits by itself. */
  close(): void {
    if (this.#alive) this.#child.stdin.end()
  }

  kill(): void {
    if (this.#child.exitCode === null && this.#child.signalCode === null)
      this.#child.kill('SIGKILL')
  }

  #read(chunk: string): void {
    this.#buffer += chunk
    const pending = this.#pending
    if (!pending) return
    const end = this.#buffer.indexOf(`${this.#delimiter}\n`)
    const output = end < 0 ? this.#buffer : this.#buffer.slice(0, end)
    const tooLong = Buffer.byteLength(output) > pending.job.maxOutputBytes
    const error = `PlantUML wrote more than ${formatBytes(pending.job.maxOutputBytes)} for this diagram.`
    // Still writing: stop it. Done (all in one read): drop the output, keep the process.
    if (end < 0) {
      if (tooLong) this.#abandon(error)
      return
    }
    this.#buffer = this.#buffer.slice(end + this.#delimiter.length + 1)
    this.#finish(tooLong ? { ok: false, error, fatal: false } : { ok: true, output })
  }

  #finish(result: PlantUmlJobResult): void {
    const pending = this.#pending
    if (!pending) return
    this.#pending = null
    clearTimeout(pending.timer)
    pending.resolve(result)
  }

  /** Fails the diagram in hand and retires the process at once, so nothing else is sent to it. */
  #abandon(error: string): void {
    this.#finish({ ok: false, error, fatal: true })
    this.#died('PlantUML was stopped')
  }

  #died(why: string): void {
    if (!this.#alive) return
    this.#alive = false
    const detail = this.#stderr.trim().split('\n').slice(-1)[0]
    this.#finish({ ok: false, error: `${why}${detail ? `: ${detail}` : ''}.`, fatal: true })
    rmSync(this.#home, { recursive: true, force: true })
    this.kill()
    this.onExit(this)
  }
}
