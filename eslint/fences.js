// The layer fences: what each folder of src/ may import, as allow-lists. Anything not listed is an
// error: another layer, a package, a Node built-in. docs/architecture.md shows the same table, and
// eslint/fences.test.ts lints probe files against it.
import boundaries from 'eslint-plugin-boundaries'

/** Packages a test beside its code may use on top of its layer's (tests work on real files). */
export const TEST_PACKAGES = ['vitest', 'fast-check', '@testing-library/*', 'happy-dom']

/**
 * One entry a layer (a folder of src/). `layers`: what it may import of the others, where
 * `engine` is src/node's one door, src/node/engine/index.ts; `packages`: the npm packages
 * (micromatch patterns); `builtins`: whether it may use Node built-ins (`node:fs`, `path` ...).
 * The library's entry, src/index.ts, is one more: it re-exports the engine and the domain.
 */
export const LAYERS = [
  {
    type: 'core',
    folder: 'src/core',
    layers: [],
    // 'hast' is types only: the marker highlighting walks a markdown syntax tree, rendered by
    // the app and by the HTML export alike.
    packages: ['zod', 'hast'],
    builtins: false,
    why: 'the domain is pure TypeScript; put file, process and network work in src/node behind a port',
  },
  {
    type: 'node',
    folder: 'src/node',
    layers: ['core'],
    packages: [
      'chokidar',
      'cross-spawn',
      'eventsource-parser',
      'execa',
      'hast',
      'jsonc-parser',
      'pidtree',
      'plantuml-encoder',
      'rehype-parse',
      'rehype-sanitize',
      'rehype-stringify',
      'remark-gfm',
      'remark-parse',
      'remark-rehype',
      'signal-exit',
      'unified',
      'write-file-atomic',
      'yaml',
      'zod',
    ],
    builtins: true,
    why: 'the Node adapters never reach into the layers above them, nor into the UI contract (src/shared): what they share with it belongs in src/core, and src/backend maps it onto the contract',
  },
  {
    type: 'shared',
    folder: 'src/shared',
    layers: [],
    packages: ['zod'],
    builtins: false,
    why: 'the UI contract is types and schemas only, and owns its wire: src/backend maps core values onto it',
  },
  {
    type: 'backend',
    folder: 'src/backend',
    layers: ['engine', 'core', 'shared'],
    packages: ['zod'],
    builtins: false,
    why: 'the backend validates, calls the engine and maps; file and system work belongs in src/node behind src/node/engine/index.ts',
  },
  {
    type: 'main',
    folder: 'src/main',
    layers: ['backend', 'engine', 'shared'],
    packages: ['electron'],
    builtins: true,
    why: 'the Electron shell composes the backend',
  },
  {
    type: 'preload',
    folder: 'src/preload',
    layers: ['shared'],
    packages: ['electron'],
    builtins: false,
    why: 'the preload exposes the contract, nothing else',
  },
  {
    type: 'server',
    folder: 'src/server',
    layers: ['backend', 'shared'],
    packages: ['ws'],
    builtins: true,
    why: 'the browser mode carries the backend over HTTP and WebSocket',
  },
  {
    type: 'renderer',
    folder: 'src/renderer',
    layers: ['shared', 'core'],
    packages: [
      'react',
      'react-dom',
      '@mantine/*',
      '@tabler/icons-react',
      '@tanstack/react-virtual',
      'dompurify',
      'fuzzysort',
      'hast',
      'mermaid',
      'react-markdown',
      'rehype-sanitize',
      'remark-gfm',
      'zod',
    ],
    builtins: false,
    why: 'the renderer talks to the backend only through the contract (src/shared)',
  },
  {
    type: 'mcp',
    folder: 'src/mcp',
    layers: ['engine', 'core'],
    packages: ['@modelcontextprotocol/server', 'zod'],
    builtins: true,
    why: 'the MCP server reaches the project through src/node/engine/index.ts, as the CLI does',
  },
  {
    type: 'cli',
    folder: 'src/cli',
    layers: ['engine', 'core', 'shared', 'server', 'tui', 'mcp'],
    packages: ['@commander-js/extra-typings', 'commander', 'log-update', 'zod'],
    builtins: true,
    why: 'the CLI calls workflows through src/node/engine/index.ts',
  },
  {
    type: 'tui',
    folder: 'src/tui',
    layers: ['engine', 'core'],
    packages: ['ink', 'react', 'signal-exit'],
    builtins: true,
    why: 'the terminal UI uses the engine (through src/node/engine/index.ts) and src/core',
  },
]

/** src/node's door: the CLI, the backend, the terminal UI and main reach src/node through it. */
export const ENGINE_DOOR = 'src/node/engine/index.ts'
/**
 * The same door's errors alone, so the CLI's entry can tell them apart without loading the
 * engine behind them (every command, `--version` included, would pay for it at start-up).
 */
export const ENGINE_ERRORS_DOOR = 'src/node/engine/errors.ts'

/** The library's entry: what `import ... from 'orchestrated-discussions'` gets. */
export const LIBRARY = {
  type: 'library',
  folder: 'src/index.ts',
  layers: ['engine', 'node', 'core'],
  packages: [],
  builtins: false,
  why: 'the library exports the engine and the domain',
}

const folderOf = (type) =>
  type === 'engine' ? ENGINE_DOOR : (LAYERS.find((layer) => layer.type === type)?.folder ?? type)

/** "src/core may import only ...": the allow-list in words, as the lint message says it. */
export function allowListInWords(layer) {
  const parts = [
    ...layer.layers.map(folderOf),
    ...layer.packages.map((name) => `'${name}'`),
    ...(layer.builtins ? ['Node built-ins'] : []),
  ]
  return parts.length > 0 ? parts.join(', ') : 'nothing outside itself'
}

const ANYTHING = [
  { module: { origin: 'local' } },
  { module: { origin: 'external' } },
  { module: { origin: 'core' } },
]

/** What `layers` allows, as selectors: `engine` is the door file of the node element. */
const layerSelectors = (layers) =>
  layers.map((type) =>
    type === 'engine'
      ? { element: { type: 'node' }, file: { categories: 'engine-door' } }
      : { element: { type } },
  )

function policiesOf(layer, from) {
  const allowed = [
    ...layerSelectors(layer.layers),
    ...(layer.packages.length > 0
      ? [{ module: { origin: 'external', source: layer.packages } }]
      : []),
    ...(layer.builtins ? [{ module: { origin: 'core' } }] : []),
  ]
  return [
    {
      from,
      disallow: { to: ANYTHING },
      message: `${layer.folder} may import only ${allowListInWords(layer)}: ${layer.why} (docs/architecture.md).`,
    },
    ...(allowed.length > 0 ? [{ from, allow: { to: allowed } }] : []),
  ]
}

/** The flat-config blocks that put the fences on src/. */
export const fences = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS.map(({ type, folder }) => ({ type, pattern: folder })),
      'boundaries/files': [
        // A test, or a helper only tests use (src/renderer/src/test-support: rendering with Mantine).
        { category: 'test', pattern: ['**/*.test.{ts,tsx}', '**/test-support/**'] },
        { category: 'engine-door', pattern: ENGINE_DOOR },
        { category: 'engine-door', pattern: ENGINE_ERRORS_DOOR },
        { category: 'library', pattern: LIBRARY.folder },
      ],
      'import/resolver': { [new URL('./typescript-resolver.cjs', import.meta.url).pathname]: {} },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          policies: [
            ...LAYERS.flatMap((layer) => policiesOf(layer, { element: { type: layer.type } })),
            ...policiesOf(LIBRARY, { file: { categories: 'library' } }),
            // Later policies win: a test may also use the test tools and Node built-ins.
            {
              from: { file: { categories: 'test' } },
              allow: {
                to: [
                  { module: { origin: 'external', source: TEST_PACKAGES } },
                  { module: { origin: 'core' } },
                ],
              },
            },
          ],
        },
      ],
    },
  },
]
