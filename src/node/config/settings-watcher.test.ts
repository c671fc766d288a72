// The settings watcher on a real folder: a burst of saves is told once, files that are not
// settings are not told, nothing is told after close, and the paths it descends into are only
// those settings are read from.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { isSettingsPath, SETTINGS_SETTLE_MS, SettingsWatcher } from './settings-watcher.js'
import type { SettingsPlace } from './settings-watcher.js'

const open: SettingsWatcher[] = []
afterEach(() => {
  for (const watcher of open.splice(0)) watcher.close()
})

const quiet = (): Promise<void> => new Promise((done) => setTimeout(done, SETTINGS_SETTLE_MS * 4))

async function watched(): Promise<{
  place: SettingsPlace
  told: SettingsPlace[]
  watcher: SettingsWatcher
}> {
  const root = await tempFolder('discussions-settings-watch-')
  const place = { root, registry: join(root, '.discussions') }
  const told: SettingsPlace[] = []
  const watcher = new SettingsWatcher((changed) => told.push(changed))
  open.push(watcher)
  await watcher.watch(place)
  return { place, told, watcher }
}

describe('SettingsWatcher', () => {
  it('tells a burst of saves to providers.yaml once', async () => {
    const { place, told } = await watched()
    for (let i = 0; i < 3; i++) await writeFile(join(place.root, 'providers.yaml'), `# ${i}\n`)
    await expect.poll(() => told.length).toBe(1)
    await quiet()
    expect(told).toEqual([place])
  })

  it('tells a persona or template added in folders made after it started', async () => {
    const { place, told } = await watched()
    await mkdir(join(place.registry, 'templates'), { recursive: true })
    await writeFile(join(place.registry, 'templates', 'quick.yaml'), 'name: quick\n')
    await expect.poll(() => told.length).toBeGreaterThanOrEqual(1)
  })

  it('sees a user config folder made after it started, and nothing else around it', async () => {
    const base = await tempFolder('discussions-settings-later-')
    const root = join(base, 'config', 'discussions')
    const told: SettingsPlace[] = []
    const watcher = new SettingsWatcher((changed) => told.push(changed))
    open.push(watcher)
    await watcher.watch({ root, registry: root })
    await writeFile(join(base, 'unrelated.txt'), 'x')
    await mkdir(join(base, 'elsewhere'))
    await quiet()
    expect(told).toEqual([])
    await mkdir(root, { recursive: true })
    await writeFile(join(root, 'providers.yaml'), 'providers: []\n')
    await expect.poll(() => told.length).toBeGreaterThanOrEqual(1)
  })

  it('does not tell files that are not settings, nor anything after close', async () => {
    const { place, told, watcher } = await watched()
    await writeFile(join(place.root, 'notes.md'), 'not settings\n')
    await mkdir(join(place.root, 'src'))
    await writeFile(join(place.root, 'src', 'providers.yaml'), 'providers: []\n')
    await quiet()
    expect(told).toEqual([])
    watcher.close()
    await writeFile(join(place.root, 'providers.yaml'), 'providers: []\n')
    await quiet()
    expect(told).toEqual([])
  })

  it('descends only into what settings are read from', () => {
    const place = { root: '/p', registry: '/p/.discussions' }
    for (const path of [
      '/p',
      '/p/providers.yaml',
      '/p/.discussions',
      '/p/.discussions/personas',
      '/p/.discussions/personas/a.yaml',
      '/p/.discussions/templates/b.yml',
    ])
      expect(isSettingsPath(place, path), path).toBe(true)
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'a',
            'src',
            '..',
            'providers.yaml',
            '.discussions',
            'personas',
            'templates',
          ),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        (parts) => {
          const path = join('/p', ...parts)
          const expected =
            path === '/p' ||
            path === '/p/.discussions/personas' ||
            path === '/p/.discussions/templates' ||
            path === '/p/providers.yaml' ||
            path === '/p/.discussions' ||
            path.startsWith('/p/.discussions/personas/') ||
            path.startsWith('/p/.discussions/templates/')
          expect(isSettingsPath(place, path), path).toBe(expected)
        },
      ),
    )
  })
})
