import { describe, expect, it } from 'vitest'

import { settingsMessage } from './settings-message'

describe('settingsMessage', () => {
  it('names each change in words, and sums up past four', () => {
    const change = (name: string) => ({ kind: 'persona' as const, name, change: 'added' as const })
    expect(settingsMessage({ folder: '/p', changes: [change('a')], problems: [] })).toEqual({
      title: 'Settings changed',
      lines: ['Persona a added'],
      problem: false,
    })
    const many = settingsMessage({
      folder: '/p',
      changes: ['a', 'b', 'c', 'd', 'e', 'f'].map(change),
      problems: [],
    })
    expect(many.lines).toEqual([
      'Persona a added',
      'Persona b added',
      'Persona c added',
      'Persona d added',
      'and 2 more',
    ])
  })

  it('says what is wrong and where, without CLI backticks, and that the old settings stay', () => {
    const told = settingsMessage({
      folder: '/p',
      changes: [],
      problems: ['providers.yaml:3: unknown key `tpye`; run `discussions providers list`'],
    })
    expect(told.problem).toBe(true)
    expect(told.title).toBe('Could not read a settings file')
    expect(told.lines).toEqual([
      'providers.yaml:3: unknown key “tpye”; run “discussions providers list”',
      'The previous settings stay in use until this is fixed.',
    ])
  })
})
