// The terminal fence, proved on probe files linted in memory: in src/cli and src/tui, every way
// to a terminal but the output module and the sanitising Text is reported, and the few files
// that write the tool's own sequences may do what their entry says and nothing more.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { ESLint } from 'eslint'
import type { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'

const { terminalOutput } = (await import(
  pathToFileURL(join(ROOT, 'eslint/terminal-output.js')).href
)) as { terminalOutput: Linter.Config[] }

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...terminalOutput,
  ],
})

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

describe('the terminal fence', () => {
  it('reports console, process.stdout/stderr writes and the raw stream in src/cli', async () => {
    const probe = [
      "console.log('x')",
      "process.stdout.write('x')",
      'const err = process.stderr',
      'declare const io: { stdout: { unsanitisedStream: unknown } }',
      'void io.stdout.unsanitisedStream',
      'void err',
    ].join('\n')
    expect(await problems('src/cli/commands/probe.ts', probe)).toEqual([
      'terminal/no-raw-output',
      'terminal/no-raw-output',
      'terminal/no-raw-output',
      'terminal/no-unsanitised-stream',
    ])
  })

  it("reports Ink's Text, Transform and stream hooks in src/tui, but not its types or Box", async () => {
    const probe = [
      "import { Box, Text, Transform, useStdout } from 'ink'",
      "import type { Key } from 'ink'",
      'export const parts = [Box, Text, Transform, useStdout]',
      'export type K = Key',
    ].join('\n')
    expect(await problems('src/tui/screens/probe.tsx', probe)).toEqual([
      'terminal/ink-text-through-sanitiser',
      'terminal/ink-text-through-sanitiser',
      'terminal/ink-text-through-sanitiser',
    ])
  })

  it('lets the writers of the tool own sequences do their part only', async () => {
    expect(await problems('src/tui/terminal.ts', "process.stdout.write('\\u001b[?1049h')")).toEqual(
      [],
    )
    expect(await problems('src/tui/terminal.ts', "import { Text } from 'ink'\nvoid Text")).toEqual([
      'terminal/ink-text-through-sanitiser',
    ])
    expect(
      await problems(
        'src/cli/progress/index.ts',
        'declare const o: { unsanitisedStream: 1 }\nvoid o.unsanitisedStream',
      ),
    ).toEqual([])
    expect(await problems('src/cli/progress/index.ts', "console.log('x')")).toEqual([
      'terminal/no-raw-output',
    ])
  })

  it('reads the terminal size and kind anywhere', async () => {
    expect(
      await problems('src/tui/index.ts', 'void process.stdout.isTTY\nvoid process.stdout.columns'),
    ).toEqual([])
  })
})
