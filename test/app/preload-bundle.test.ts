// A sandboxed preload may require nothing but `electron`: anything else fails only inside
// Electron, which cannot start here. So the built bundle is read and its require() calls checked.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'

const PRELOAD = join(ROOT, 'out', 'preload', 'index.cjs')

describe('the preload bundle', () => {
  it('is one CommonJS file that requires only electron and exposes only window.api', () => {
    if (!existsSync(PRELOAD)) {
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
    const code = readFileSync(PRELOAD, 'utf8')
    const required = [...code.matchAll(/\brequire\(\s*(["'`])([^"'`]+)\1\s*\)/g)].map((m) => m[2])
    expect(required.length).toBeGreaterThan(0)
    expect(new Set(required)).toEqual(new Set(['electron']))
    expect(code).not.toMatch(/\bimport\s*\(/)
    expect(code).not.toMatch(/process\.env/)
    expect(code.match(/exposeInMainWorld\(\s*["']([^"']+)/g)).toEqual([
      expect.stringContaining('api'),
    ])
  })
})
