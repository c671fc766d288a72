// The layer fences, proved on probe files linted in memory: for every layer, what its allow-list
// names passes and what an attacker (or a hurried change) would slip in is reported. The probes
// are linted with the fences alone, through ESLint's own API and the real plugin and resolver.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { ESLint } from 'eslint'
import type { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'

interface Layer {
  type: string
  folder: string
  layers: string[]
  packages: string[]
  builtins: boolean
}

/** The config files are plain JavaScript (ESLint loads them as they are): typed here by hand. */
const load = (path: string): Promise<unknown> => import(pathToFileURL(join(ROOT, path)).href)
const { allowListInWords, fences, LAYERS, LIBRARY } = (await load('eslint/fences.js')) as {
  allowListInWords: (layer: Layer) => string
  fences: Linter.Config[]
  LAYERS: Layer[]
  LIBRARY: Layer
}
const { default: config } = (await load('eslint.config.js')) as { default: Linter.Config[] }

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...fences,
  ],
})

/** Where a probe of each layer stands, and how it names a file of each other layer from there. */
const PROBE: Record<string, { file: string; up: string }> = {
  core: { file: 'src/core/fence-probe.ts', up: '../' },
  node: { file: 'src/node/fence-probe.ts', up: '../' },
  shared: { file: 'src/shared/fence-probe.ts', up: '../' },
  backend: { file: 'src/backend/fence-probe.ts', up: '../' },
  main: { file: 'src/main/fence-probe.ts', up: '../' },
  preload: { file: 'src/preload/fence-probe.ts', up: '../' },
  server: { file: 'src/server/fence-probe.ts', up: '../' },
  renderer: { file: 'src/renderer/src/fence-probe.tsx', up: '../../' },
  cli: { file: 'src/cli/fence-probe.ts', up: '../' },
  tui: { file: 'src/tui/fence-probe.ts', up: '../' },
  library: { file: 'src/index.ts', up: './' },
}

/** A real file of each layer (below src/), so an import of it resolves. */
const FILE_OF: Record<string, string> = {
  core: 'core/errors.js',
  engine: 'node/engine/index.js',
  node: 'node/store/lock.js',
  shared: 'shared/contract/index.js',
  backend: 'backend/index.js',
  main: 'main/window.js',
  server: 'server/index.js',
  renderer: 'renderer/src/lib/route.js',
  cli: 'cli/main.js',
  tui: 'tui/index.js',
}

/** A package name that matches an allow-list pattern (`@mantine/*` -> `@mantine/core`). */
const packageFor = (pattern: string): string =>
  pattern.endsWith('/*') ? `${pattern.slice(0, -1)}core` : pattern

async function reported(layer: string, source: string): Promise<string[]> {
  const probe = PROBE[layer]
  if (!probe) throw new Error(`no probe for ${layer}`)
  const [result] = await eslint.lintText(`import * as probe from '${source}'\nvoid probe\n`, {
    filePath: join(ROOT, probe.file),
  })
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`)
}

const local = (layer: string, type: string): string => {
  const probe = PROBE[layer]
  const file = FILE_OF[type]
  if (!probe || !file) throw new Error(`no path from ${layer} to ${type}`)
  return `${probe.up}${file}`
}

/** What a change might slip into each layer; every one must be reported. */
const FORBIDDEN: Record<string, string[]> = {
  core: ['write-file-atomic', 'node:fs', 'fs', 'path', 'execa', 'electron', 'react', 'yaml'],
  node: ['electron', 'react', '@mantine/core', 'ws'],
  shared: ['node:path', 'execa', 'electron', 'write-file-atomic'],
  backend: ['node:fs', 'node:path', 'path', 'node:crypto', 'execa', 'electron', 'chokidar', 'ws'],
  main: ['react', 'execa', 'write-file-atomic'],
  preload: ['node:fs', 'fs', 'zod', 'react'],
  server: ['electron', 'execa', 'react'],
  renderer: ['node:fs', 'fs', 'electron', 'execa', 'ws', 'write-file-atomic'],
  cli: ['electron', 'react', '@mantine/core', 'ws'],
  tui: ['react-dom', '@mantine/core', 'electron', 'execa'],
  library: ['node:fs', 'electron'],
}

/** Layers each layer must not reach (by a file of theirs). */
const FORBIDDEN_LAYERS: Record<string, string[]> = {
  core: ['engine', 'node', 'shared', 'backend', 'renderer'],
  node: ['shared', 'backend', 'cli', 'server', 'main', 'renderer', 'tui'],
  shared: ['engine', 'node', 'core', 'backend', 'renderer'],
  backend: ['node', 'server', 'main', 'cli', 'renderer', 'tui'],
  main: ['node', 'cli', 'server', 'renderer'],
  preload: ['backend', 'engine', 'core'],
  server: ['node', 'engine', 'main', 'cli', 'renderer'],
  renderer: ['engine', 'node', 'backend', 'main', 'server', 'cli'],
  cli: ['node', 'backend', 'main', 'renderer'],
  tui: ['node', 'backend', 'shared', 'server', 'main', 'cli', 'renderer'],
  library: ['backend', 'server', 'cli', 'renderer'],
}

const ALL_LAYERS = [...LAYERS, LIBRARY]

describe('the layer fences', () => {
  it('are errors in the project’s ESLint config', () => {
    const rule = config.find((block) => block.rules?.['boundaries/dependencies'])?.rules?.[
      'boundaries/dependencies'
    ] as [string, { default: string }]
    expect(rule[0]).toBe('error')
    expect(rule[1].default).toBe('disallow')
  })

  it('name every folder of src/ as a layer', () => {
    expect(LAYERS.map((layer) => layer.type).sort()).toEqual(
      Object.keys(PROBE)
        .filter((type) => type !== 'library')
        .sort(),
    )
  })

  for (const layer of ALL_LAYERS) {
    describe(layer.folder, () => {
      it('allows what its allow-list names', async () => {
        const allowed = [
          ...layer.layers.map((type) => local(layer.type, type)),
          ...layer.packages.map(packageFor),
          ...(layer.builtins ? ['node:fs', 'path'] : []),
        ]
        for (const source of allowed) expect(await reported(layer.type, source), source).toEqual([])
      })

      it('reports the packages and built-ins it must not use, saying what it may import', async () => {
        for (const source of FORBIDDEN[layer.type] ?? []) {
          const messages = await reported(layer.type, source)
          expect(messages, source).toHaveLength(1)
          expect(messages[0]).toContain(
            `boundaries/dependencies: ${layer.folder} may import only ${allowListInWords(layer)}`,
          )
        }
      })

      it('reports the layers it must not reach', async () => {
        for (const type of FORBIDDEN_LAYERS[layer.type] ?? []) {
          const source = local(layer.type, type)
          expect(await reported(layer.type, source), source).toHaveLength(1)
        }
      })
    })
  }

  it('lets a test beside its code use the test tools and built-ins, and nothing more', async () => {
    const lint = async (source: string) => {
      const [result] = await eslint.lintText(`import * as probe from '${source}'\nvoid probe\n`, {
        filePath: join(ROOT, 'src/core/fence-probe.test.ts'),
      })
      return result?.messages ?? []
    }
    for (const source of ['vitest', 'fast-check', 'node:fs', '@testing-library/react'])
      expect(await lint(source), source).toEqual([])
    for (const source of ['write-file-atomic', '../node/engine/index.js', 'electron'])
      expect(await lint(source), source).toHaveLength(1)
  })
  it('are the table docs/architecture.md shows', async () => {
    // Prettier pads table cells: compare with runs of spaces folded.
    const doc = (await readFile(join(ROOT, 'docs', 'architecture.md'), 'utf8')).replace(/ +/g, ' ')
    for (const layer of ALL_LAYERS)
      expect(doc, layer.folder).toContain(`| \`${layer.folder}\` | ${allowListInWords(layer)} |`)
  })
})
