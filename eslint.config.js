// ESLint flat config. The per-folder import rules below are the layering of ARCHITECTURE.md:
// arrows point one way (renderer -> shared + core; cli, main, server -> backend -> node -> core).
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const nodeBuiltins = { regex: '^node:', message: 'This layer may not use Node built-ins.' }
const bareBuiltins = {
  regex: '^(fs|path|os|child_process|crypto|url|util|stream|events|process)(/|$)',
  message: 'This layer may not use Node built-ins.',
}
const electron = {
  regex: '^electron(/|$)',
  message: 'Only src/main and src/preload may import electron.',
}
const ui = {
  regex: '^(react|react-dom|@mantine/)',
  message: 'UI libraries belong in src/renderer.',
}
const execa = { regex: '^execa$', message: 'Subprocesses belong in src/node.' }
/** A relative import that reaches into one of the named top-level folders of src/. */
const reachInto = (folders, message) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  message,
})

/**
 * src/node reached other than through the use-case layer's door (src/node/engine/index.ts): the
 * CLI and the backend call workflows there, so each is written once (ARCHITECTURE.md). The
 * engine's errors alone (engine/errors.ts) let the CLI's entry word failures without loading it.
 */
const besideTheEngine = {
  regex: '^(\\.\\./)+node/(?!engine/(index|errors)\\.js$)',
  message:
    'src/cli and src/backend reach src/node only through src/node/engine/index.js (or its errors alone, src/node/engine/errors.js): add the workflow to the Engine (src/node/engine) and call it there.',
}

const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})

export default tseslint.config(
  {
    ignores: ['node_modules/', 'out/', 'dist/', 'coverage/', 'test-results/', 'playwright-report/'],
  },
  {
    // Ambient declarations for src/core's own tsconfig; no tsconfig the linter reads includes them.
    ignores: ['types/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed `any`.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  layer(
    ['src/core/**/*.ts'],
    [
      nodeBuiltins,
      bareBuiltins,
      electron,
      ui,
      execa,
      reachInto(
        ['node', 'backend', 'main', 'preload', 'server', 'renderer', 'cli', 'shared'],
        'src/core is the pure domain: it imports nothing above it.',
      ),
    ],
  ),
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'process',
          message: 'src/core is pure: read the environment at a composition root.',
        },
        { name: 'window', message: 'src/core has no DOM.' },
        { name: 'document', message: 'src/core has no DOM.' },
      ],
    },
  },
  layer(
    ['src/node/**/*.ts'],
    [
      electron,
      ui,
      reachInto(
        ['backend', 'main', 'preload', 'server', 'renderer', 'cli'],
        'src/node implements core ports; it never imports upper layers.',
      ),
    ],
  ),
  layer(
    ['src/shared/**/*.ts'],
    [
      nodeBuiltins,
      bareBuiltins,
      electron,
      ui,
      execa,
      reachInto(
        ['node', 'backend', 'main', 'preload', 'server', 'renderer', 'cli'],
        'src/shared holds the UI contract: types and schemas only.',
      ),
    ],
  ),
  layer(
    ['src/backend/**/*.ts'],
    [
      electron,
      ui,
      reachInto(
        ['main', 'preload', 'server', 'renderer', 'cli'],
        'src/backend is used by main and server; it never imports them.',
      ),
      besideTheEngine,
    ],
  ),
  layer(
    ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    [
      nodeBuiltins,
      bareBuiltins,
      electron,
      execa,
      reachInto(
        ['node', 'backend', 'main', 'preload', 'server', 'cli'],
        'The renderer talks to the backend only through the contract (src/shared).',
      ),
    ],
  ),
  layer(
    ['src/cli/**/*.ts', 'src/server/**/*.ts'],
    [
      electron,
      ui,
      reachInto(
        ['main', 'preload', 'renderer'],
        'The CLI and the server never reach into the Electron app.',
      ),
      besideTheEngine,
    ],
  ),
  layer(
    ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    [
      ui,
      reachInto(
        ['renderer', 'cli', 'server'],
        'The Electron shell composes the backend; it never imports the CLI, server or renderer.',
      ),
    ],
  ),
  layer(
    ['src/tui/**/*.ts', 'src/tui/**/*.tsx'],
    [
      electron,
      {
        regex: '^(react-dom|@mantine/)',
        message: 'The terminal UI draws with ink and react only.',
      },
      execa,
      reachInto(
        ['backend', 'main', 'preload', 'server', 'renderer', 'cli', 'shared'],
        'The terminal UI uses the engine (src/node/engine) and src/core only.',
      ),
      {
        regex: '^(\\.\\./)+node/(?!engine/index\\.js$)',
        message: 'The terminal UI reaches src/node through src/node/engine/index.js only.',
      },
    ],
  ),
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
)
