import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod'

import { BUILD_KEY } from '../host.js'
import { checkCacheWritten, checkedValue, forgetCheckCache } from './check-cache.js'
import type { LazySchema } from './check-cache.js'
import { ConfigError } from './config-error.js'
import { PERSONA_SCHEMA, TEMPLATE_SCHEMA } from './lazy-schemas.js'
import { checkYaml, readYamlSource } from './yaml-file.js'

const BUILD_A = 'a'.repeat(16)
const BUILD_B = 'b'.repeat(16)

let dir: string
let state: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'discussions-check-cache-'))
  state = join(dir, 'state')
  vi.stubEnv('DISCUSSIONS_STATE_DIR', state)
  setBuild(BUILD_A)
})
afterEach(async () => {
  await checkCacheWritten()
  forgetCheckCache()
  setBuild(undefined)
  vi.unstubAllEnvs()
  await rm(dir, { recursive: true, force: true })
})

function setBuild(build: string | undefined): void {
  ;(globalThis as Record<symbol, unknown>)[BUILD_KEY] = build
}

/** A process ending and the next one starting: what was kept is on disk, nothing in memory. */
async function nextProcess(): Promise<void> {
  await checkCacheWritten()
  forgetCheckCache()
}

/** A schema that counts how often it is loaded, and turns `size` into a number. */
function countingSchema(): LazySchema<{ size: number }> & { loads: number } {
  const lazy = {
    name: 'counting',
    loads: 0,
    load: () => {
      lazy.loads++
      return Promise.resolve(z.strictObject({ size: z.string().transform((text) => Number(text)) }))
    },
  }
  return lazy
}

const check = <T>(schema: LazySchema<T>, input: unknown): Promise<T> =>
  checkedValue(schema, input, (loaded) => loaded.parse(input))

describe('the check cache', () => {
  it('hands the next process what passed, without loading the schema', async () => {
    const schema = countingSchema()
    expect(await check(schema, { size: '3' })).toEqual({ size: 3 })
    await nextProcess()
    expect(await check(schema, { size: '3' })).toEqual({ size: 3 })
    expect(schema.loads).toBe(1)
    expect(await readdir(join(state, 'checked'))).toEqual([`${BUILD_A}.bin`])
  })

  it('checks an input it has not seen, and one whose check failed, every time', async () => {
    const schema = countingSchema()
    await check(schema, { size: '3' })
    await nextProcess()
    expect(await check(schema, { size: '4' })).toEqual({ size: 4 })
    await expect(check(schema, { size: 4 })).rejects.toThrow()
    await nextProcess()
    await expect(check(schema, { size: 4 })).rejects.toThrow()
    expect(schema.loads).toBe(4)
  })

  it('keeps what each schema made apart, for the same input', async () => {
    const counting = countingSchema()
    const other: LazySchema<{ size: string }> = {
      name: 'other',
      load: () => Promise.resolve(z.strictObject({ size: z.string() })),
    }
    await check(counting, { size: '3' })
    await nextProcess()
    expect(await check(other, { size: '3' })).toEqual({ size: '3' })
  })

  it('gives up on a file it cannot write, and the process is not kept waiting', async () => {
    await writeFile(state, 'a file where the state folder should be')
    const schema = countingSchema()
    await check(schema, { size: '3' })
    await check(schema, { size: '4' })
    await checkCacheWritten()
    expect(schema.loads).toBe(2)
  })

  it('keeps the file small, letting the results used least recently go first', async () => {
    const schema: LazySchema<{ text: string }> = {
      name: 'large',
      load: () => Promise.resolve(z.strictObject({ text: z.string() })),
    }
    const large = (n: number) => ({ text: `${n}`.padEnd(100_000, '.') })
    for (let n = 0; n < 12; n++) await check(schema, large(n))
    await check(schema, large(0)) // used again: now the newest
    await check(schema, large(12))
    await nextProcess()
    const file = join(state, 'checked', `${BUILD_A}.bin`)
    expect((await readFile(file)).length).toBeLessThan(1.1 * 1024 * 1024)
    let loads = 0
    const counted: LazySchema<{ text: string }> = {
      ...schema,
      load: () => {
        loads++
        return schema.load()
      },
    }
    await check(counted, large(0))
    await check(counted, large(12))
    expect(loads).toBe(0)
    await check(counted, large(1))
    expect(loads).toBe(1)
  })

  it('checks, and keeps nothing, when an input or a result cannot be kept', async () => {
    let loads = 0
    const withFunction: LazySchema<{ size: number; describe: () => string }> = {
      name: 'with-function',
      load: () => {
        loads++
        return Promise.resolve(
          z.strictObject({ size: z.number() }).transform((v) => ({ ...v, describe: () => 'x' })),
        )
      },
    }
    expect((await check(withFunction, { size: 1 })).describe()).toBe('x')
    await nextProcess()
    expect((await check(withFunction, { size: 1 })).describe()).toBe('x')
    expect(loads).toBe(2)
    const schema = countingSchema()
    await expect(check(schema, { size: () => 3 })).rejects.toThrow(/expected string/)
  })

  it('names the same data alike whether just parsed or read back from the YAML cache', async () => {
    const file = join(dir, 'listed.yaml')
    // V8 writes the parser's lists as dense arrays, and the same lists read back as sparse ones.
    await writeFile(
      file,
      'name: AI-Tester\nalias: tester\nrole: Tests\npersonality: Careful.\nexpertise: [a, b]\n',
    )
    let loads = 0
    const persona: typeof PERSONA_SCHEMA = {
      ...PERSONA_SCHEMA,
      load: () => {
        loads++
        return PERSONA_SCHEMA.load()
      },
    }
    const parsed = await readYamlSource(file)
    await checkYaml(parsed, persona)
    await nextProcess()
    for (;;) {
      // The YAML cache is written after the read returns.
      const names = await readdir(join(state, 'yaml-cache')).catch(() => [])
      if (names.length > 0) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const cached = await readYamlSource(file)
    expect(cached.data).toEqual(parsed.data)
    await checkYaml(cached, persona)
    expect(loads).toBe(1)
  })

  it('tells apart what JSON would not: .nan from null, a number from its text', async () => {
    const schema: LazySchema<{ value: unknown }> = {
      name: 'loose',
      load: () => Promise.resolve(z.strictObject({ value: z.unknown() })),
    }
    await check(schema, { value: null })
    await check(schema, { value: 3 })
    await nextProcess()
    expect(await check(schema, { value: Number.NaN })).toEqual({ value: Number.NaN })
    expect(await check(schema, { value: '3' })).toEqual({ value: '3' })
    expect(await check(schema, { value: 'n3' })).toEqual({ value: 'n3' })
  })

  it('hands out a copy: changing one value changes no later one', async () => {
    const schema = countingSchema()
    await check(schema, { size: '3' })
    await nextProcess()
    const first = await check(schema, { size: '3' })
    first.size = 99
    expect(await check(schema, { size: '3' })).toEqual({ size: 3 })
  })

  it('keeps nothing by another build, and a new build replaces the old file', async () => {
    const schema = countingSchema()
    await check(schema, { size: '3' })
    await nextProcess()
    setBuild(BUILD_B)
    await check(schema, { size: '3' })
    expect(schema.loads).toBe(2)
    await nextProcess()
    expect(await readdir(join(state, 'checked'))).toEqual([`${BUILD_B}.bin`])
  })

  it('keeps nothing when running from source, where the build is unknown', async () => {
    setBuild(undefined)
    const schema = countingSchema()
    await check(schema, { size: '3' })
    await nextProcess()
    await check(schema, { size: '3' })
    expect(schema.loads).toBe(2)
    await expect(readdir(join(state, 'checked'))).rejects.toThrow()
  })

  it('checks again when the file is torn or not ours, and then writes a good one', async () => {
    const schema = countingSchema()
    await check(schema, { size: '3' })
    await nextProcess()
    const file = join(state, 'checked', `${BUILD_A}.bin`)
    const bytes = await readFile(file)
    await writeFile(file, bytes.subarray(0, bytes.length - 5))
    expect(await check(schema, { size: '3' })).toEqual({ size: 3 })
    await nextProcess()
    await writeFile(file, '{"format":"checked-2","entries":[]}')
    expect(await check(schema, { size: '3' })).toEqual({ size: 3 })
    await nextProcess()
    expect(await check(schema, { size: '3' })).toEqual({ size: 3 })
    expect(schema.loads).toBe(3)
  })

  it('takes nothing from, and writes nothing into, a folder others may write into', async () => {
    const schema = countingSchema()
    await check(schema, { size: '3' })
    await nextProcess()
    const folder = join(state, 'checked')
    await chmod(folder, 0o777)
    await check(schema, { size: '3' })
    await check(schema, { size: '5' })
    await nextProcess()
    expect(schema.loads).toBe(3)
    await chmod(folder, 0o700)
    await check(schema, { size: '5' })
    expect(schema.loads).toBe(4)
  })

  it('makes its folder private', async () => {
    await mkdir(state)
    await check(countingSchema(), { size: '3' })
    await checkCacheWritten()
    const { stat } = await import('node:fs/promises')
    expect((await stat(join(state, 'checked'))).mode & 0o777).toBe(0o700)
  })

  it('gives every bundled persona and template back as its check made it', async () => {
    const root = join(import.meta.dirname, '..', '..', '..')
    const files = [
      ...(await readdir(join(root, 'personas'))).map((name) => join(root, 'personas', name)),
      ...(await readdir(join(root, 'templates'))).map((name) => join(root, 'templates', name)),
    ].filter((file) => file.endsWith('.yaml'))
    expect(files.length).toBeGreaterThan(10)
    const checkFile = async (file: string): Promise<unknown> => {
      const source = await readYamlSource(file)
      return file.includes('/personas/')
        ? checkYaml(source, PERSONA_SCHEMA)
        : checkYaml(source, TEMPLATE_SCHEMA)
    }
    const checked = new Map<string, unknown>()
    for (const file of files) checked.set(file, await checkFile(file))
    await nextProcess()
    for (const file of files) expect(await checkFile(file)).toStrictEqual(checked.get(file))
  })

  it('still reports a file that fails at its line after the same schema passed others', async () => {
    const good = join(dir, 'good.yaml')
    const bad = join(dir, 'bad.yaml')
    const persona = ['name: AI-Tester', 'alias: tester', 'role: Tests', 'personality: Careful.', '']
    await writeFile(good, persona.join('\n'))
    await writeFile(
      bad,
      [...persona.slice(0, 3), 'type: voter', 'personality: Careful.', ''].join('\n'),
    )
    await checkYaml(await readYamlSource(good), PERSONA_SCHEMA)
    await nextProcess()
    const failure = checkYaml(await readYamlSource(bad), PERSONA_SCHEMA)
    await expect(failure).rejects.toBeInstanceOf(ConfigError)
    await expect(failure).rejects.toMatchObject({ line: 4 })
  })
})
