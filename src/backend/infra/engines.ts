/** One engine per open folder: its settings, personas and templates are those of its project. */
import { openEngine } from '../../node/engine/index.js'
import type { Engine } from '../../node/engine/index.js'

export class Engines {
  readonly #engines = new Map<string, Promise<Engine>>()

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  for(folder: string): Promise<Engine> {
    let engine = this.#engines.get(folder)
    if (!engine) {
      engine = openEngine({ cwd: folder, env: this.env })
      // A broken settings file is reported now and read again next time, once fixed.
      engine.catch(() => this.#engines.delete(folder))
      this.#engines.set(folder, engine)
    }
    return engine
  }

  /** A new engine for `folder`, reading its settings afresh, not yet the one handed out. */
  open(folder: string): Promise<Engine> {
    return openEngine({ cwd: folder, env: this.env })
  }

  /** Hands out `engine` for `folder` from now on (its settings were read again and are sound). */
  install(folder: string, engine: Engine): void {
    this.#engines.set(folder, Promise.resolve(engine))
  }

  /** Forgets every engine, so settings, personas and templates are read again. */
  reset(): void {
    this.#engines.clear()
  }
}
