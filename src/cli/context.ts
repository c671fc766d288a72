/** The engine every authoring command works through, opened from the command's working folder. */
import { resolve } from 'node:path'

import { ignoredFolderSettings, openEngine } from '../node/engine/index.js'
import type { Engine } from '../node/engine/index.js'
import type { CliIO } from './io.js'

let warned = false

/** Says once, on stderr, which folder settings are ignored (a relative XDG_STATE_HOME, say). */
export function warnIgnoredSettings(io: CliIO): void {
  if (warned) return
  warned = true
  for (const line of ignoredFolderSettings(io.env)) io.stderr.write(`${line}\n`)
}

export function loadCliContext(io: CliIO, env: NodeJS.ProcessEnv = io.env): Promise<Engine> {
  warnIgnoredSettings(io)
  return openEngine({ cwd: io.cwd, env })
}

/** Resolves a FILE argument against the working folder. */
export function resolveFile(io: CliIO, file: string): string {
  return resolve(io.cwd, file)
}
