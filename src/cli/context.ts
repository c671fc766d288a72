/** The engine every authoring command works through, opened from the command's working folder. */
import { resolve } from 'node:path'

import { config as configureZod } from 'zod'

import { openEngine } from '../node/engine/index.js'
import type { Engine } from '../node/engine/index.js'
import type { CliIO } from './io.js'

// zod compiles a parser for each object schema (with `new Function`) the first time it parses one.
// A CLI process parses each schema a few times and ends, and code compiled that way is not in the
// V8 code cache the bin keeps, so compiling cost a turn about 7 ms before its first provider
// started; interpreting is cheaper here. Set when the engine's commands load, before any parse
// (no schema module parses at import).
configureZod({ jitless: true })

export function loadCliContext(io: CliIO, env: NodeJS.ProcessEnv = io.env): Promise<Engine> {
  return openEngine({ cwd: io.cwd, env })
}

/** Resolves a FILE argument against the working folder. */
export function resolveFile(io: CliIO, file: string): string {
  return resolve(io.cwd, file)
}
