/**
 * A CLI's per-call config folder is built from a few parts of the user's own settings (their login
 * method, their providers), read and never written: the parts are copied into the scratch folder,
 * and the files holding a login are linked there, so a token the CLI refreshes lands in the
 * user's own file, as it would have without us.
 */
import { linkSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

import type * as Jsonc from 'jsonc-parser'

import { isObject } from './agent-cli.js'
import type { JsonObject } from './agent-cli.js'

// jsonc-parser's CommonJS build, required where it is installed: its ES module build imports its
// own files without extensions, which Node's loader refuses (the browser tests load this file
// through it), and its UMD parts are found by paths a bundle does not keep.
const { parse } = createRequire(import.meta.url)('jsonc-parser') as typeof Jsonc

/** Settings files are small; a larger one is not a settings file (a device, a mistake). */
const MAX_SETTINGS_BYTES = 1_000_000

/**
 * A JSON-with-comments settings file as its CLI reads it, or an empty object when it is absent,
 * not a plain file, too large or not an object: the CLI then runs with our settings alone.
 */
export function readOwnSettings(path: string): JsonObject {
  try {
    const stats = statSync(path)
    if (!stats.isFile() || stats.size > MAX_SETTINGS_BYTES) return {}
    const value: unknown = parse(readFileSync(path, 'utf8'), [], { allowTrailingComma: true })
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

export function writeSettings(path: string, settings: JsonObject): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
}

/**
 * The user's `name` in `from` made visible in `to` (nothing when they have none): a symbolic link,
 * else (where links need privileges) a hard link, so writes still reach the user's file.
 */
export function linkOwnFile(from: string, to: string, name: string): void {
  const source = join(from, name)
  try {
    if (!statSync(source).isFile()) return
  } catch {
    return
  }
  mkdirSync(to, { recursive: true, mode: 0o700 })
  try {
    symlinkSync(source, join(to, name))
  } catch {
    try {
      linkSync(source, join(to, name))
    } catch {
      // Not linkable (another file system): the CLI asks for a login, and says so.
    }
  }
}
