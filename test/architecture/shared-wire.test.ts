// The contract owns its wire: the project's ESLint config refuses src/core imports in src/shared,
// and every contract file but the two that still borrow core's council and debate types obeys.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'

const eslint = new ESLint({ cwd: ROOT })

describe('src/shared imports nothing from src/core', () => {
  it('is an error in the config of a contract file, saying where the type belongs', async () => {
    const config = (await eslint.calculateConfigForFile('src/shared/contract/links.ts')) as {
      rules: Record<string, [number, { patterns: { group: string[]; message: string }[] }]>
    }
    const [level, options] = config.rules['no-restricted-imports'] ?? []
    expect(level).toBe(2)
    expect(options?.patterns[0]?.group).toEqual(['**/core/**'])
    expect(options?.patterns[0]?.message).toContain('src/shared owns its wire')
  })

  it('holds for every contract file', { timeout: 120_000 }, async () => {
    const files = await eslint.lintFiles(['src/shared/**/*.ts'])
    const borrowing = files
      .filter((file) => file.messages.some((message) => message.ruleId === 'no-restricted-imports'))
      .map((file) => file.filePath)
    expect(borrowing).toEqual([])
  })
})
