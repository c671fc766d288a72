/** The engine every authoring command works through, opened from the command's working folder. */
import { resolve } from 'node:path'

import { openEngine } from '../node/engine/index.js'
import type { Engine } from '../node/engine/index.js'
import type { CliIO } from './io.js'

export function loadCliContext(io: CliIO, env: NodeJS.ProcessEnv = io.env): Promise<Engine> {
  return openEngine({ cwd: io.cwd, env })
}

/** Resolves a FILE argument against the working folder. */
export function resolveFile(io: CliIO, file: string): string {
  return resolve(io.cwd, file)
}
