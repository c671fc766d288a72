import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { personaSchema } from '../../core/personas/schema.js'
import { ConfigError } from './config-error.js'
import { loadYamlFile, MAX_YAML_BYTES, validateYaml } from './yaml-file.js'
import { parseYamlText } from './yaml-parse.js'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'discussions-yaml-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, text)
  return path
}

/** The ConfigError that loading `path` as a persona throws. */
async function loadError(path: string): Promise<ConfigError> {
  try {
    await loadYamlFile(path, personaSchema, { expected: 'a persona' })
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`expected a ConfigError from ${path}`)
}

/** The message a person sees for `text` loaded as a persona, with the file shown as `f.yaml`. */
async function problem(text: string): Promise<string> {
  return (await loadError(await file('f.yaml', text))).messageFrom(dir)
}

const GOOD = `name: AI-Architect
alias: architect
role: Systems Architect
personality: |
  You are a senior systems architect.
expertise:
  - System design
type: voting
`

describe('loadYamlFile', () => {
  it('returns the checked value', async () => {
    const persona = await loadYamlFile(await file('architect.yaml', GOOD), personaSchema)
    expect(persona).toMatchObject({ alias: 'architect', expertise: ['System design'] })
  })

  it('names the line of a wrong value', async () => {
    expect(await problem(GOOD.replace('type: voting', 'type: voter'))).toBe(
      'f.yaml:8: type: must be "voting" or "background" (got "voter")',
    )
  })

  it('names the line of an unknown key, with the key meant', async () => {
    // The misspelt key explains the missing field: one message, at the typo.
    expect(await problem(GOOD.replace('personality:', 'personalty:'))).toBe(
      'f.yaml:4: unknown key "personalty" (did you mean "personality"?)',
    )
    const both = await loadError(await file('g.yaml', GOOD.replace('type: voting', 'typ: voting')))
    expect(both.messageFrom(dir)).toBe('g.yaml:8: unknown key "typ" (did you mean "type"?)')
  })

  it('reports the first problem by line and keeps the others', async () => {
    const path = await file('h.yaml', GOOD.replace('type: voting', 'type: voter\ncolour: red'))
    const error = await loadError(path)
    expect(error.messageFrom(dir)).toBe(
      'h.yaml:8: type: must be "voting" or "background" (got "voter")',
    )
    expect(error.more.map((more) => more.messageFrom(dir))).toEqual([
      'h.yaml:9: unknown key "colour" (known keys: name, alias, role, personality, expertise, concerns, type, provider_hint, command)',
    ])
  })

  it('points a missing field at the mapping that should hold it', async () => {
    expect(await problem('name: AI-X\nalias: x\npersonality: p\n')).toBe(
      'f.yaml:1: missing required field "role"',
    )
  })

  it('points into lists', async () => {
    expect(await problem(`${GOOD}concerns:\n  - "Will it scale?"\n  - 42\n`)).toBe(
      'f.yaml:11: concerns[1]: must be a string (got 42)',
    )
  })

  it('gives the line and column of a YAML syntax error', async () => {
    expect(await problem('name: AI-X\nalias: "x\n')).toBe(
      'f.yaml:3:1: YAML syntax error: Missing closing "quote',
    )
    expect(await problem('name: AI-X\n\talias: x\n')).toBe(
      'f.yaml:2:1: YAML syntax error: Tabs are not allowed as indentation',
    )
    expect(await problem('name: AI-X\nname: AI-Y\n')).toBe(
      'f.yaml:2:1: YAML syntax error: Map keys must be unique',
    )
  })

  it('says what an empty file should hold', async () => {
    expect(await problem('')).toBe('f.yaml: the file is empty; expected a persona')
    expect(await problem('# just a comment\n')).toBe(
      'f.yaml: the file is empty; expected a persona',
    )
  })

  it('says when the top level is not a mapping', async () => {
    expect(await problem('- name: AI-X\n')).toBe(
      'f.yaml:1: the file must hold a mapping (key: value) at the top level (got a list)',
    )
  })

  it('names a file that is missing or a folder', async () => {
    await expect(loadYamlFile(join(dir, 'nope.yaml'), personaSchema)).rejects.toThrow(
      `${join(dir, 'nope.yaml')}: no such file`,
    )
    await mkdir(join(dir, 'folder.yaml'))
    await expect(loadYamlFile(join(dir, 'folder.yaml'), personaSchema)).rejects.toThrow(
      `${join(dir, 'folder.yaml')}: is a folder, not a YAML file`,
    )
  })

  // A cloned repository may hold a link to a device; git cannot hold a FIFO, but a folder can.
  // Each is refused before a byte is read: the read would block, or never end.
  it('refuses what is not a plain file, before reading from it', async () => {
    const device = join(dir, 'zero.yaml')
    await symlink('/dev/zero', device)
    await expect(loadYamlFile(device, personaSchema)).rejects.toThrow(
      `${device}: is not a plain file (a device, a pipe, or a link to one); make it a plain YAML file`,
    )
    const fifo = join(dir, 'fifo.yaml')
    execFileSync('mkfifo', [fifo])
    await expect(loadYamlFile(fifo, personaSchema)).rejects.toThrow(`${fifo}: is not a plain file`)
  })

  it('refuses a file larger than any settings file', async () => {
    const big = await file('big.yaml', `name: ${'x'.repeat(MAX_YAML_BYTES)}\n`)
    await expect(loadYamlFile(big, personaSchema)).rejects.toThrow(
      `${big}: is ${MAX_YAML_BYTES + 7} bytes, more than the ${MAX_YAML_BYTES} a file here may have: too large for a settings file`,
    )
    const fits = await file('fits.yaml', `name: ${'x'.repeat(MAX_YAML_BYTES - 7)}\n`)
    await expect(loadYamlFile(fits, personaSchema)).rejects.toThrow(/fits\.yaml:1: /) // read, checked
  })

  it('reports an alias to an undefined anchor', async () => {
    expect(await problem('name: *nowhere\n')).toMatch(/^f\.yaml: YAML error: .*nowhere/)
  })

  it('keeps the full path in the message itself', async () => {
    const path = await file('i.yaml', 'type: 3\n')
    await expect(loadYamlFile(path, personaSchema)).rejects.toThrow(`${path}:1: `)
  })
})

describe('validateYaml', () => {
  it('checks one part of a file and names its whole path', () => {
    const source = parseYamlText(
      'participants.yaml',
      'participants:\n  - name: AI-A\n    alias: a\n    role: r\n    personality: p\n    type: nope\n',
    )
    expect(() => validateYaml(source, personaSchema, { at: ['participants', 0] })).toThrow(
      'participants.yaml:6: participants[0].type: must be "voting" or "background" (got "nope")',
    )
  })
})

describe('positionOf', () => {
  it('points at keys and items, through aliases, and at the nearest parent of what is missing', () => {
    const source = parseYamlText(
      'p.yaml',
      'base: &b\n  x: 1\nuse: *b\nlist:\n  - a\n  - b\n1: one\n',
    )
    expect(source.positionOf(['list', 1])).toEqual({ line: 6, column: 5 })
    expect(source.positionOf(['use', 'x'])).toEqual({ line: 2, column: 3 })
    expect(source.positionOf(['list', 5])).toEqual({ line: 4, column: 1 })
    expect(source.positionOf(['list', 'x'])).toEqual({ line: 4, column: 1 })
    expect(source.positionOf([1])).toEqual({ line: 7, column: 1 })
    expect(source.positionOf([])).toEqual({ line: 1, column: 1 })
  })
})
