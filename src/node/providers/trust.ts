/**
 * Workspace trust: a project's own files (its providers.yaml) may name programs to run and
 * endpoints to send keys to, so they take effect only after the user trusted that project once,
 * as an editor asks before running a cloned repository's tasks. The user's own config is trusted.
 * The list lives in the user's config folder, one absolute project root per entry.
 */
import { readFile, realpath } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import { userConfigDir } from '../config/paths.js'
import { ensureFolderInside, replaceDurably } from '../store/durable-write.js'

export const TRUST_FILE = 'trusted-projects.json'

interface TrustFile {
  trusted: string[]
}

/** The root as one canonical path, so `/tmp/x` and `/private/tmp/x` are the same project. */
async function canonical(root: string): Promise<string> {
  try {
    return await realpath(root)
  } catch {
    return resolve(root)
  }
}

/** The trusted project roots; an unreadable or malformed file trusts nothing. */
export async function trustedProjects(configDir: string = userConfigDir()): Promise<string[]> {
  try {
    const value = JSON.parse(await readFile(join(configDir, TRUST_FILE), 'utf8')) as unknown
    const list = (value as Partial<TrustFile> | null)?.trusted
    return Array.isArray(list)
      ? list.filter((item): item is string => typeof item === 'string')
      : []
  } catch {
    return []
  }
}

export async function isTrusted(
  root: string,
  configDir: string = userConfigDir(),
): Promise<boolean> {
  return (await trustedProjects(configDir)).includes(await canonical(root))
}

async function writeTrusted(configDir: string, trusted: readonly string[]): Promise<void> {
  await ensureFolderInside(configDir, configDir)
  const file: TrustFile = { trusted: [...trusted].sort() }
  const text = `${JSON.stringify(file, null, 2)}\n`
  await replaceDurably(join(configDir, TRUST_FILE), text, configDir)
}

/** Trusts the project; false when it already was. */
export async function trustProject(
  root: string,
  configDir: string = userConfigDir(),
): Promise<boolean> {
  const trusted = await trustedProjects(configDir)
  const path = await canonical(root)
  if (trusted.includes(path)) return false
  await writeTrusted(configDir, [...trusted, path])
  return true
}

/** Stops trusting the project; false when it was not trusted. */
export async function revokeTrust(
  root: string,
  configDir: string = userConfigDir(),
): Promise<boolean> {
  const trusted = await trustedProjects(configDir)
  const path = await canonical(root)
  if (!trusted.includes(path)) return false
  await writeTrusted(
    configDir,
    trusted.filter((item) => item !== path),
  )
  return true
}

/** What a skipped provider from an untrusted project says. */
export function untrustedMessage(root: string): string {
  return `comes from a project you have not trusted: run \`discussions trust\` in ${root} to allow its providers`
}
