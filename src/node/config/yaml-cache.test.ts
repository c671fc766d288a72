import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { personaSchema } from '../../core/personas/schema.js'
import { ConfigError } from './config-error.js'
import { cachedYaml, rememberYaml } from './yaml-cache.js'
import { loadYamlFile, locate, readYamlSource } from './yaml-file.js'

let dir: string
let state: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'discussions-yaml-cache-'))
  state = join(dir, 'state')
  vi.stubEnv('DISCUSSIONS_STATE_DIR', state)
})
afterEach(async () => {
  vi.unstubAllEnvs()
  // A read may still be writing its cache entry in the background (a temp file, then a rename):
  // retry while the folder is not yet empty.
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 })
})

/** The cache is written after the read returns; wait until its entry is there. */
async function cacheEntries(): Promise<string[]> {
  for (;;) {
    const names = await readdir(join(state, 'yaml-cache')).catch(() => [])
    const entries = names.filter((name) => name.endsWith('.bin'))
    if (entries.length > 0) return entries
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('the YAML cache', () => {
  it('points at the same line from the cache as from a parse, without parsing again', async () => {
    const path = join(dir, 'persona.yaml')
    const text = [
      'shared: &base',
      '  kind: nope',
      'name: AI-X',
      'list:',
      '  - one',
      '  - two: 2',
      '    three: 3',
      'alias: *base',
      '',
    ].join('\n')
    await writeFile(path, text)
    const parsed = await readYamlSource(path)
    await cacheEntries()
    const cached = await readYamlSource(path)
    expect(cached.positions).toEqual(parsed.positions)
    for (const [path_, line] of [
      [['name'], 3],
      [['list', 0], 5],
      [['list', 1, 'three'], 7],
      [['list', 1, 'missing'], 6], // a missing field: its parent item
      [['alias', 'kind'], 2], // through the alias, to where the value is written
      [['nothing', 'here'], 1],
    ] as const)
      expect(locate(cached, [...path_]).line, JSON.stringify(path_)).toBe(line)
  })

  it('gives back what the text parsed to, values JSON would lose included', async () => {
    const path = join(dir, 'numbers.yaml')
    const text = 'big: .inf\nodd: .nan\nzero: -0.0\nlist: [1, two, null]\n'
    await writeFile(path, text)
    const first = await readYamlSource(path)
    await cacheEntries()
    const cached = cachedYaml(path, text)
    expect(cached).toEqual({ data: first.data, empty: false, positions: first.positions })
    const data = cached?.data as Record<string, unknown>
    expect(data.big).toBe(Infinity)
    expect(data.odd).toBeNaN()
    expect(Object.is(data.zero, -0)).toBe(true)
  })

  it('is used only for the very text it was made from', async () => {
    const path = join(dir, 'p.yaml')
    await writeFile(path, 'name: real\n')
    // An entry saying this text holds something else: a hit returns the entry ...
    await rememberYaml(path, 'name: real\n', {
      data: { name: 'from the cache' },
      empty: false,
      positions: {},
    })
    expect((await readYamlSource(path)).data).toEqual({ name: 'from the cache' })
    // ... and an edit of the file misses it and parses the new text.
    await writeFile(path, 'name: edited\n')
    expect((await readYamlSource(path)).data).toEqual({ name: 'edited' })
    // The same text under another path has no entry.
    const other = join(dir, 'q.yaml')
    await writeFile(other, 'name: real\n')
    expect(cachedYaml(other, 'name: real\n')).toBeUndefined()
  })

  it('still points at the line of a problem when the data came from the cache', async () => {
    const path = join(dir, 'persona.yaml')
    const text = [
      'name: AI-Architect',
      'alias: architect',
      'role: Systems Architect',
      'personality: You are a senior systems architect.',
      'type: voter',
      '',
    ].join('\n')
    await writeFile(path, text)
    const message = async (): Promise<string> => {
      try {
        await loadYamlFile(path, personaSchema, { expected: 'a persona' })
      } catch (error) {
        if (error instanceof ConfigError) return error.messageFrom(dir)
        throw error
      }
      throw new Error('expected a ConfigError')
    }
    const parsed = await message()
    expect(parsed).toBe('persona.yaml:5: type: must be "voting" or "background" (got "voter")')
    await cacheEntries()
    expect(cachedYaml(path, text)).toBeDefined()
    expect(await message()).toBe(parsed)
  })

  it('never keeps a file that does not parse, and says where it breaks each time', async () => {
    const path = join(dir, 'broken.yaml')
    await writeFile(path, 'name: x\n  bad: [\n')
    for (let i = 0; i < 2; i++)
      await expect(readYamlSource(path)).rejects.toThrow(/YAML syntax error/)
    expect(cachedYaml(path, 'name: x\n  bad: [\n')).toBeUndefined()
  })

  it('treats a torn or foreign entry as no entry', async () => {
    const path = join(dir, 't.yaml')
    await writeFile(path, 'a: 1\n')
    await readYamlSource(path)
    const [entry] = await cacheEntries()
    await writeFile(join(state, 'yaml-cache', entry ?? ''), 'not a V8 value')
    expect(cachedYaml(path, 'a: 1\n')).toBeUndefined()
    expect((await readYamlSource(path)).data).toEqual({ a: 1 })
  })

  it('costs nothing but a parse when the state folder cannot be written', async () => {
    const blocker = join(dir, 'a-file')
    await writeFile(blocker, '')
    vi.stubEnv('DISCUSSIONS_STATE_DIR', join(blocker, 'state'))
    const path = join(dir, 'u.yaml')
    await writeFile(path, 'a: 2\n')
    await rememberYaml(path, 'a: 2\n', { data: { a: 2 }, empty: false, positions: {} })
    expect((await readYamlSource(path)).data).toEqual({ a: 2 })
    expect(cachedYaml(path, 'a: 2\n')).toBeUndefined()
  })
})
