import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { guiText } from './gui-text'

describe('text shown in the window', () => {
  it('quotes what the CLI marks as code', () => {
    expect(guiText('Edit `providers.yaml`, then run `discussions providers list`.')).toBe(
      'Edit “providers.yaml”, then run “discussions providers list”.',
    )
  })

  it('never shows a backtick, and keeps every other character', () => {
    fc.assert(
      fc.property(fc.string(), (message) => {
        const shown = guiText(message)
        expect(shown).not.toContain('`')
        expect(shown.replace(/[“”]/g, '')).toBe(message.replace(/[`“”]/g, ''))
      }),
    )
  })
})
