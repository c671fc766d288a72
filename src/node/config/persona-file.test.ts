import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { saveDefaultProvider } from './default-provider.js'
import { personaYaml, savePersonaFile } from './persona-file.js'
import { loadPersonas } from './registry.js'

const persona = {
  name: 'AI-Tester',
  alias: 'tester',
  role: 'QA',
  personality: 'You test things.\nLine two.',
  concerns: ['Does it break?'],
}

describe('savePersonaFile', () => {
  it('writes YAML the registry reads back as the same persona', async () => {
    const base = await tempFolder()
    const dir = join(base, 'personas')
    const saved = await savePersonaFile(persona, dir)
    expect(saved).toEqual({ file: join(dir, 'tester.yaml'), replaced: false })
    expect(await readFile(saved.file, 'utf8')).toBe(personaYaml(persona))
    expect(personaYaml(persona)).toContain('personality: |\n  You test things.\n  Line two.\n')
    const registry = await loadPersonas({ project: null, user: base, bundled: join(base, 'none') })
    expect(registry.problems).toEqual([])
    expect(registry.get('tester')?.persona).toMatchObject({
      ...persona,
      personality: `${persona.personality}\n`, // a literal block ends with its newline
      type: 'voting',
    })
  })

  it('replaces its own file, never another persona’s', async () => {
    const dir = join(await tempFolder(), 'personas')
    await mkdir(dir)
    await writeFile(join(dir, 'custom-name.yaml'), 'name: AI-Tester\nalias: tester\n')
    const again = await savePersonaFile(
      { ...persona, role: 'Lead QA' },
      dir,
      join(dir, 'custom-name.yaml'),
    )
    expect(again).toEqual({ file: join(dir, 'custom-name.yaml'), replaced: true })
    await writeFile(join(dir, 'other.yaml'), 'name: AI-Other\nalias: someone\n')
    await expect(savePersonaFile({ ...persona, alias: 'other' }, dir)).rejects.toThrow(
      /already holds another persona \("someone"\)/,
    )
  })
})

describe('saveDefaultProvider', () => {
  it("sets providers.default and keeps the person's comments and keys", async () => {
    const dir = await tempFolder()
    await writeFile(join(dir, 'discussions.yaml'), '# mine\nuser:\n  name: Rob # me\n')
    const file = await saveDefaultProvider(dir, 'claude')
    expect(await readFile(file, 'utf8')).toBe(
      '# mine\nuser:\n  name: Rob # me\nproviders:\n  default: claude\n',
    )
  })

  it("writes the seed's config.yaml when that is the one in use, and creates a file", async () => {
    const dir = await tempFolder()
    await writeFile(join(dir, 'config.yaml'), 'providers:\n  default: old\n')
    expect(await saveDefaultProvider(dir, 'new')).toBe(join(dir, 'config.yaml'))
    expect(await readFile(join(dir, 'config.yaml'), 'utf8')).toBe('providers:\n  default: new\n')
    const fresh = join(await tempFolder(), 'cfg')
    expect(await saveDefaultProvider(fresh, 'demo')).toBe(join(fresh, 'discussions.yaml'))
  })

  it('refuses to write over a broken settings file', async () => {
    const dir = await tempFolder()
    await writeFile(join(dir, 'discussions.yaml'), 'providers: [unclosed\n')
    await expect(saveDefaultProvider(dir, 'demo')).rejects.toThrow(/YAML error/)
    await writeFile(join(dir, 'discussions.yaml'), 'consensus:\n  threshold_ready: lots\n')
    // Worded as every other settings problem is, with the key and the value found.
    await expect(saveDefaultProvider(dir, 'demo')).rejects.toThrow(
      'consensus.threshold_ready: must be a number (got "lots")',
    )
    expect(await readFile(join(dir, 'discussions.yaml'), 'utf8')).toBe(
      'consensus:\n  threshold_ready: lots\n',
    )
  })
})
