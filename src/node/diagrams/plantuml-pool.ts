/**
 * At most two long-lived PlantUML processes serve every render in this program (the app's
 * backend, the CLI, turns, the terminal UI) through one queue. A JVM costs a second to start and
 * a few hundred MB to keep, so the second starts only while the first is busy and others wait,
 * and both stop after a quiet spell. A process that hangs, floods its output or crashes is killed
 * and replaced on the next diagram; the others in the queue are not affected.
 */
import type { PlantUmlCommand } from './plantuml-jar.js'
import { PlantUmlProcess } from './plantuml-process.js'
import type { PlantUmlJob, PlantUmlJobResult } from './plantuml-process.js'

export const MAX_PROCESSES = 2

export interface PlantUmlPoolOptions {
  /** 1 or 2 (more are not started). */
  size: number
  /** Processes stop after this long without a diagram. */
  idleMs: number
}

interface Waiting {
  job: PlantUmlJob
  resolve: (result: PlantUmlJobResult) => void
}

export interface PlantUmlPoolStats {
  /** JVMs started so far (a replacement counts again). */
  started: number
  /** The most processes alive at one time. */
  peakAlive: number
  /** The most diagrams waiting at one time. */
  peakQueued: number
}

export class PlantUmlPool {
  readonly #processes: PlantUmlProcess[] = []
  readonly #queue: Waiting[] = []
  readonly #size: number
  readonly #stats: PlantUmlPoolStats = { started: 0, peakAlive: 0, peakQueued: 0 }
  #idleTimer: NodeJS.Timeout | null = null

  constructor(
    readonly command: PlantUmlCommand,
    private readonly options: PlantUmlPoolOptions = { size: MAX_PROCESSES, idleMs: 120_000 },
  ) {
    this.#size = Math.max(1, Math.min(MAX_PROCESSES, options.size))
  }

  get stats(): PlantUmlPoolStats {
    return { ...this.#stats }
  }

  /** The process ids alive now (for measuring memory). */
  pids(): number[] {
    return this.#processes.flatMap((process) => (process.pid === undefined ? [] : [process.pid]))
  }

  render(job: PlantUmlJob): Promise<PlantUmlJobResult> {
    return new Promise((resolve) => {
      this.#queue.push({ job, resolve })
      this.#stats.peakQueued = Math.max(this.#stats.peakQueued, this.#queue.length)
      this.#dispatch()
    })
  }

  /** Stops every process; queued diagrams fail. */
  close(): void {
    for (const waiting of this.#queue.splice(0))
      waiting.resolve({ ok: false, error: 'PlantUML was stopped.', fatal: false })
    for (const process of this.#processes.splice(0)) {
      process.close()
      process.kill()
    }
    this.#clearIdle()
  }

  #dispatch(): void {
    this.#clearIdle()
    while (this.#queue.length > 0) {
      let process = this.#processes.find((candidate) => candidate.alive && !candidate.busy)
      if (!process && this.#processes.length < this.#size) process = this.#start()
      if (!process) return
      const waiting = this.#queue.shift()
      if (!waiting) return
      void process.run(waiting.job).then((result) => {
        waiting.resolve(result)
        this.#dispatch()
      })
    }
    if (this.#processes.every((process) => !process.busy)) this.#armIdle()
  }

  #start(): PlantUmlProcess {
    const process = new PlantUmlProcess(this.command, (gone) => {
      const index = this.#processes.indexOf(gone)
      if (index >= 0) this.#processes.splice(index, 1)
      // A replacement starts when the queue asks for one.
      queueMicrotask(() => this.#dispatch())
    })
    this.#processes.push(process)
    this.#stats.started += 1
    this.#stats.peakAlive = Math.max(this.#stats.peakAlive, this.#processes.length)
    return process
  }

  #armIdle(): void {
    if (this.#processes.length === 0) return
    this.#idleTimer = setTimeout(() => {
      for (const process of this.#processes.splice(0)) process.close()
    }, this.options.idleMs)
    this.#idleTimer.unref()
  }

  #clearIdle(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#idleTimer = null
  }
}

let shared: PlantUmlPool | null = null

/** The one pool of this program. A different jar or java (rare: PLANTUML_JAR changed) replaces it. */
export function sharedPlantUmlPool(command: PlantUmlCommand): PlantUmlPool {
  if (
    shared &&
    (shared.command.jar !== command.jar ||
      shared.command.java !== command.java ||
      shared.command.dot !== command.dot)
  ) {
    shared.close()
    shared = null
  }
  return (shared ??= new PlantUmlPool(command))
}
