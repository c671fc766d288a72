import { config } from 'zod'
import { describe, expect, it } from 'vitest'

import './context.js'

describe('the CLI engine context', () => {
  it('has zod interpret its schemas instead of compiling them', () => {
    expect(config().jitless).toBe(true)
  })
})
