// The contract owns its wire: the project's ESLint config refuses src/core imports in src/shared,
// with no file excepted, and every file there obeys.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'

const eslint = new ESLint({ cwd: ROOT })

describe('src/shared imports nothing from src/core', () => {
  it('is an error in the config of every contract file, saying where the type belongs', async () => {
    const files = (await readdir(join(ROOT, 'src/shared/contract'))).filter((name) =>
      name.endsWith('.ts'),
    )
    expect(files).toContain('councils.ts')
    expect(files).toContain('debates.ts')
    for (const file of files) {
      const config = (await eslint.calculateConfigForFile(`src/shared/contract/${file}`)) as {
        rules: Record<string, [number, { patterns: { group: string[]; message: string }[] }]>
      }
      const [level, options] = config.rules['no-restricted-imports'] ?? []
      expect(level, file).toBe(2)
      expect(options?.patterns[0]?.group, file).toEqual(['**/core/**'])
      expect(options?.patterns[0]?.message, file).toContain('src/shared owns its wire')
    }
  })

  it('refuses a core import in the council and debate contracts', async () => {
    for (const file of ['councils.ts', 'debates.ts']) {
      const [result] = await eslint.lintText(
        "import type { DebateOutcome } from '../../core/debate/model.js'\nexport type X = DebateOutcome\n",
        { filePath: join(ROOT, 'src/shared/contract', file) },
      )
      const rules = (result?.messages ?? []).map((message) => message.ruleId)
      expect(rules, file).toContain('no-restricted-imports')
    }
  })

  it('holds for every contract file', { timeout: 120_000 }, async () => {
    const files = await eslint.lintFiles(['src/shared/**/*.ts'])
    const borrowing = files
      .filter((file) => file.messages.some((message) => message.ruleId === 'no-restricted-imports'))
      .map((file) => file.filePath)
    expect(borrowing).toEqual([])
  })
})
