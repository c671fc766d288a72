// No runtime import cycle in src/: a module that imports, directly or through others, a module
// that imports it back sees that module half-loaded at start-up (its `const`s still undefined),
// and a layer whose files import each other in a ring has no order to read them in. Type-only
// imports are erased when compiled, so they may close a ring (`import type` is how a workflow
// names the engine's shapes); a dynamic `import()` counts like any other.
import importX from 'eslint-plugin-import-x'

export const importCycles = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The same resolver the fences use: `./x.js` names `./x.ts`, and the renderer's aliases.
      'import-x/resolver': { [new URL('./typescript-resolver.cjs', import.meta.url).pathname]: {} },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
]
