// README's library example for councils and debates, run as it is written: the code block is
// taken from README.md, pointed at this checkout instead of the installed package, and run with
// tsx in a fresh project on the built-in demo provider (offline, no configuration).
import { execFile } from 'node:child_process'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

import { describe, expect, it } from 'vitest'

import { tempFolder } from '../support/temp.js'

const root = resolve(import.meta.dirname, '../..')

async function councilAndDebateExample(): Promise<string> {
  const readme = await readFile(join(root, 'README.md'), 'utf8')
  const library = readme.slice(readme.indexOf('\n## Library'))
  const blocks = [...library.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '')
  const example = blocks.find((block) => block.includes('engine.council('))
  if (!example) throw new Error('README.md: the library section has no council example')
  return example.replace(
    "from 'orchestrated-discussions'",
    `from '${pathToFileURL(join(root, 'src/index.ts')).href}'`,
  )
}

describe("README's library example", () => {
  it('runs a council and a debate through the Engine and prints what it says', async () => {
    const project = await tempFolder('readme-library-')
    await mkdir(join(project, '.git'))
    const script = join(project, 'example.mts')
    await writeFile(script, await councilAndDebateExample())
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), script],
      {
        cwd: project,
        env: {
          PATH: process.env.PATH ?? '',
          DISCUSSIONS_CONFIG_DIR: join(project, '.config'),
          DISCUSSIONS_STATE_DIR: join(project, '.state'),
          DISCUSSIONS_USER: 'Rob',
        },
        timeout: 120_000,
      },
    )
    expect(stdout).toMatch(/^council file: .*discussions\/council-.*\.md$/m)
    expect(stdout).toMatch(/^true AI-Referee \d+ characters streamed$/m)
    expect(stdout).toMatch(/^0$/m) // resuming a complete council makes no call
    expect(stdout).toMatch(/^\d+ (consensus|accepted)$/m)
    const files = await readdir(join(project, 'discussions'))
    expect(files.filter((name) => name.startsWith('council-'))).toHaveLength(1)
    expect(files).toContain('where-should-sessions-live.md')
  }, 180_000)
})
