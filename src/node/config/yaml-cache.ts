/**
 * What a YAML file held when it last parsed cleanly, kept in the state folder so that the next
 * process reading the same text skips the parser: each command reads the bundled personas and
 * templates again, and parsing them was a fifth of a `status` and most of what a turn did before
 * its first provider started.
 *
 * One entry per file path, holding a hash of the text it was made from: an edited file misses
 * and is parsed (and its entry replaced); a file that does not parse is never cached. Entries are
 * V8-serialised, which keeps what JSON would lose (`.inf`, `.nan`, -0). Anything wrong with the
 * cache (a folder that cannot be written, a torn or foreign entry) only means parsing again.
 * Where the cache lives changes nothing but speed, so readers that are not handed an environment
 * use the process's (src/node/host.ts).
 */
import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { deserialize, serialize } from 'node:v8'

import { readRegularFile } from '../files/read-regular-file.js'
import { processEnv } from '../host.js'
import type { YamlPositions } from './yaml-positions.js'
import { replaceDurably } from '../store/durable-write.js'
import { stateDir } from '../store/state-dir.js'

/** Changes when what an entry holds, or how YAML becomes data, changes. */
const FORMAT = 'yaml-cache-2'

export interface CachedYaml {
  data: unknown
  empty: boolean
  /** Where each key and list item stands, to point at a line without parsing again. */
  positions: YamlPositions
}

interface Entry extends CachedYaml {
  format: string
  textHash: string
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64url')

function entryPath(file: string, env: NodeJS.ProcessEnv): string {
  return join(stateDir(env), 'yaml-cache', `${hashOf(`${FORMAT}\n${file}`)}.bin`)
}

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && 'format' in value && 'textHash' in value
}

/** Entries hold one settings file parsed; one this large is not ours. */
const MAX_ENTRY_BYTES = 4 * 1024 * 1024

/** What `text` of `file` parsed to last time, or undefined. Read at once: see read-regular-file. */
export function cachedYaml(
  file: string,
  text: string,
  env: NodeJS.ProcessEnv = processEnv(),
): CachedYaml | undefined {
  try {
    const entry: unknown = deserialize(readRegularFile(entryPath(file, env), MAX_ENTRY_BYTES))
    if (!isEntry(entry) || entry.format !== FORMAT || entry.textHash !== hashOf(text))
      return undefined
    return { data: entry.data, empty: entry.empty, positions: entry.positions }
  } catch {
    return undefined
  }
}

/** Keeps what `text` of `file` parsed to; written whole (temp file, rename) or not at all. */
export async function rememberYaml(
  file: string,
  text: string,
  parsed: CachedYaml,
  env: NodeJS.ProcessEnv = processEnv(),
): Promise<void> {
  const path = entryPath(file, env)
  const entry: Entry = { format: FORMAT, textHash: hashOf(text), ...parsed }
  try {
    const bytes = serialize(entry)
    const folder = dirname(path)
    await mkdir(folder, { recursive: true })
    // Not synced: a lost or torn entry only costs a parse.
    await replaceDurably(path, bytes, folder, { sync: false })
  } catch {
    // A cache that cannot be written costs a parse next time, nothing else.
  }
}
