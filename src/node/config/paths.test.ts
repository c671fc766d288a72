import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, parse } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { bundledDir, findProjectRoot, packageRoot, userConfigDir } from './paths.js'

describe('userConfigDir', () => {
  it('prefers $DISCUSSIONS_CONFIG_DIR, then $XDG_CONFIG_HOME', () => {
    const env = { DISCUSSIONS_CONFIG_DIR: '/custom', XDG_CONFIG_HOME: '/xdg' }
    expect(userConfigDir(env, 'linux', '/home/rob')).toBe('/custom')
    expect(userConfigDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/rob')).toBe(
      '/xdg/discussions',
    )
    expect(userConfigDir({ DISCUSSIONS_CONFIG_DIR: '' }, 'linux', '/home/rob')).toBe(
      '/home/rob/.config/discussions',
    )
  })

  it("uses each platform's usual place", () => {
    expect(userConfigDir({}, 'linux', '/home/rob')).toBe('/home/rob/.config/discussions')
    expect(userConfigDir({}, 'darwin', '/Users/rob')).toBe(
      '/Users/rob/Library/Application Support/discussions',
    )
    expect(
      userConfigDir({ APPDATA: 'C:\\Users\\rob\\AppData\\Roaming' }, 'win32', 'C:\\Users\\rob'),
    ).toBe('C:\\Users\\rob\\AppData\\Roaming\\discussions')
    expect(userConfigDir({}, 'win32', 'C:\\Users\\rob')).toBe(
      'C:\\Users\\rob\\AppData\\Roaming\\discussions',
    )
  })
})

describe('findProjectRoot', () => {
  let dir: string
  beforeEach(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), 'discussions-root-')))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('finds the nearest folder with discussions.yaml or .git', async () => {
    const deep = join(dir, 'repo', 'docs', 'design')
    await mkdir(deep, { recursive: true })
    await mkdir(join(dir, 'repo', '.git'))
    expect(findProjectRoot(deep)).toBe(join(dir, 'repo'))
    await writeFile(join(dir, 'repo', 'docs', 'discussions.yaml'), '')
    expect(findProjectRoot(deep)).toBe(join(dir, 'repo', 'docs'))
    expect(findProjectRoot(join(dir, 'repo'))).toBe(join(dir, 'repo'))
  })

  it('is null outside any project', () => {
    // The temp folder is null here unless a folder above it (on some machine) is a project.
    expect(findProjectRoot(dir)).toBe(findProjectRoot(dirname(dir)))
    expect(findProjectRoot(parse(dir).root)).toBe(
      existsSync(join(parse(dir).root, '.git')) ? parse(dir).root : null,
    )
  })
})

describe('bundledDir', () => {
  it("is this package's own personas and templates folder", () => {
    expect(existsSync(join(packageRoot(), 'package.json'))).toBe(true)
    expect(bundledDir('personas')).toBe(join(packageRoot(), 'personas'))
    expect(existsSync(join(bundledDir('personas'), 'architect.yaml'))).toBe(true)
    expect(existsSync(join(bundledDir('templates'), 'feature.yaml'))).toBe(true)
  })
})
