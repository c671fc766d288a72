// The contract owns its wire: the project's ESLint config refuses src/core imports in src/shared,
// with no file excepted. That every file there obeys is `npm run lint`'s to say; here, that the
// rule is in force for each contract file, and what it reports. The probes are linted with the
// rule alone (no type information), so this stays a second's work however loaded the machine is.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { ESLint } from 'eslint'
import type { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'

const { sharedWire } = (await import(pathToFileURL(join(ROOT, 'eslint/shared-wire.js')).href)) as {
  sharedWire: Linter.Config
}

const contractFiles = async (): Promise<string[]> =>
  (await readdir(join(ROOT, 'src/shared/contract'))).filter((name) => name.endsWith('.ts'))

describe('src/shared imports nothing from src/core', () => {
  it('is an error in the config of every contract file, saying where the type belongs', async () => {
    const eslint = new ESLint({ cwd: ROOT })
    const files = await contractFiles()
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

  it('refuses a core import in every contract file, type-only ones too', async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        sharedWire,
      ],
    })
    for (const file of await contractFiles()) {
      const [result] = await eslint.lintText(
        "import type { DebateOutcome } from '../../core/debate/model.js'\nexport type X = DebateOutcome\n",
        { filePath: join(ROOT, 'src/shared/contract', file) },
      )
      const messages = (result?.messages ?? []).map((message) => message.message)
      expect(messages, file).toEqual([expect.stringContaining('src/shared owns its wire')])
    }
  })
})
