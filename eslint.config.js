// ESLint flat config. The layer fences (eslint/fences.js) are the layering of
// docs/architecture.md as allow-lists: arrows point one way (renderer -> shared + core; cli, main,
// server -> backend -> node -> core), and each layer names the packages it may use.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import { fences } from './eslint/fences.js'
import { importCycles } from './eslint/import-cycles.js'
import { terminalOutput } from './eslint/terminal-output.js'

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
    // `import * as z` lets the CLI's bundle leave out what no command uses of zod (half of it);
    // `import { z }` takes zod's namespace object, and with it everything zod has.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z']",
          message:
            "Write `import * as z from 'zod'`: the bundle then keeps only the parts of zod that are used.",
        },
      ],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed `any`.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // eslint-module-utils loads resolvers with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.commonjs } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
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
  {
    // The environment, working folder and platform are read once, at the entry points
    // (src/cli/index.ts, src/main/index.ts, src/server/index.ts), and passed down as options;
    // src/node/host.ts holds the library's defaults for a caller who passes none.
    files: ['src/node/**/*.ts', 'src/backend/**/*.ts'],
    ignores: ['src/node/host.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['env', 'cwd', 'platform'].map((property) => ({
          object: 'process',
          property,
          message: `Take process.${property} as an option from the entry point (src/cli/index.ts, src/main/index.ts, src/server/index.ts), or its library default from src/node/host.ts.`,
        })),
      ],
    },
  },
  ...fences,
  ...importCycles,
  ...terminalOutput,
  {
    // The contract owns its wire: its answers and events are zod schemas of its own, and the
    // backend maps core's values onto them, so a change in core fails the type check there.
    // The layer fence says the same; this block adds the message saying where the type belongs.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/**'],
              message:
                'src/shared owns its wire: declare the type as a zod schema in the contract and map core values onto it in src/backend.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
)
