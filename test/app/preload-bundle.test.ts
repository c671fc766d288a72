// A sandboxed preload may require nothing but `electron`: anything else fails only inside
// Electron, which cannot start here. So the built bundle is read and its require() calls checked.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'

const PRELOAD = join(ROOT, 'out', 'preload', 'index.cjs')
/** What the preload bundles: its own source and the contract. */
const SOURCES = [join(ROOT, 'src', 'preload'), join(ROOT, 'src', 'shared')]

function newestSource(folder: string): number {
  let newest = 0
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.ts'))
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  return newest
}

/** A bundle older than a source it is built from checks yesterday's code: build it again. */
function isStale(): boolean {
  if (!existsSync(PRELOAD)) return true
  const built = statSync(PRELOAD).mtimeMs
  return SOURCES.some((folder) => newestSource(folder) > built)
}

describe('the preload bundle', () => {
  it('is one CommonJS file that requires only electron and exposes only window.api', () => {
    if (isStale()) {
      const build = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
        {
          cwd: ROOT,
          encoding: 'utf8',
        },
      )
      expect(build.status, build.stderr).toBe(0)
    }
    expect(isStale()).toBe(false)
    const code = readFileSync(PRELOAD, 'utf8')
    const required = [...code.matchAll(/\brequire\(\s*(["'`])([^"'`]+)\1\s*\)/g)].map((m) => m[2])
    expect(required.length).toBeGreaterThan(0)
    expect(new Set(required)).toEqual(new Set(['electron']))
    expect(code).not.toMatch(/\bimport\s*\(/)
    expect(code).not.toMatch(/process\.env/)
    expect(code.match(/exposeInMainWorld\(\s*["']([^"']+)/g)).toEqual([
      expect.stringContaining('api'),
    ])
  }, 300_000) // a build of the whole app when the bundle is missing or stale
})
