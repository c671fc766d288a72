import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  applySettingChanges,
  describeSettingChange,
  diffSettings,
  SETTING_KINDS,
} from './settings-diff.js'
import type { SettingKind, SettingsSnapshot } from './settings-diff.js'

const snapshot = (
  entries: Partial<Record<SettingKind, Record<string, string>>>,
): SettingsSnapshot => ({
  provider: new Map(Object.entries(entries.provider ?? {})),
  persona: new Map(Object.entries(entries.persona ?? {})),
  template: new Map(Object.entries(entries.template ?? {})),
})

const namesOf = (reading: SettingsSnapshot): Record<SettingKind, string[]> => ({
  provider: [...reading.provider.keys()].sort(),
  persona: [...reading.persona.keys()].sort(),
  template: [...reading.template.keys()].sort(),
})

// Names as hostile as a file may hold: `__proto__`, spaces, unicode; fingerprints from a few values.
const reading = fc
  .record({
    provider: fc.array(fc.tuple(fc.string(), fc.constantFrom('a', 'b', 'c'))),
    persona: fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x'), fc.string())),
    template: fc.array(fc.tuple(fc.string({ unit: 'grapheme' }), fc.string())),
  })
  .map((lists): SettingsSnapshot => ({
    provider: new Map(lists.provider),
    persona: new Map(lists.persona),
    template: new Map(lists.template),
  }))

describe('diffSettings', () => {
  it('says which names were added, removed and changed, in words', () => {
    const before = snapshot({
      provider: { scripted: '1' },
      persona: { security: 'a', architect: 'b' },
      template: { adr: 'x' },
    })
    const after = snapshot({
      provider: { scripted: '1', ollama: '2' },
      persona: { security: 'changed', architect: 'b' },
    })
    expect(diffSettings(before, after).map(describeSettingChange)).toEqual([
      'Provider ollama added',
      'Persona security changed',
      'Template adr removed',
    ])
  })

  it('finds nothing between a reading and itself', () => {
    fc.assert(
      fc.property(reading, (one) => {
        expect(diffSettings(one, one)).toEqual([])
      }),
    )
  })

  it('applying the diff to the old names gives the new names', () => {
    fc.assert(
      fc.property(reading, reading, (before, after) => {
        const changes = diffSettings(before, after)
        expect(applySettingChanges(namesOf(before), changes)).toEqual(namesOf(after))
        // Each name is told at most once per kind, and only when something differs.
        for (const kind of SETTING_KINDS) {
          const told = changes.filter((change) => change.kind === kind).map(({ name }) => name)
          expect(new Set(told).size).toBe(told.length)
          for (const change of changes.filter((c) => c.kind === kind && c.change === 'changed'))
            expect(before[kind].get(change.name)).not.toBe(after[kind].get(change.name))
        }
      }),
    )
  })
})
