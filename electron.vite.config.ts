import { resolve } from 'node:path'

import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

/**
 * The renderer's own folder, and the two it may import from (the contract and core's pure parts),
 * by name instead of by climbing folders; tsconfig.web.json and vitest.config.ts say the same.
 */
const rendererAliases = {
  '@renderer': resolve(import.meta.dirname, 'src/renderer/src'),
  '@shared': resolve(import.meta.dirname, 'src/shared'),
  '@core': resolve(import.meta.dirname, 'src/core'),
}

// package.json has "type": "module", so main builds as ESM; the preload must be CommonJS
// (`index.cjs`) because a sandboxed renderer cannot load an ESM preload.
export default defineConfig({
  main: {
    // The engine loads its provider code lazily (`import()` in engine.ts), for the CLI, whose
    // bundle splits it off so that commands calling no model never compile it. The app's main
    // process imports the engine's index, which names those modules too, so in this bundle the
    // lazy imports stay in the one chunk, as they should: said as a warning on every build (and
    // every first `npm start`), it would only be noise.
    build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } },
  },
  preload: {
    build: { rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    resolve: { alias: rendererAliases },
    plugins: [react()],
    // The app's page, and the sandboxed page Mermaid draws in (never in the app's own page).
    build: {
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/renderer/index.html'),
          'mermaid-sandbox': resolve(import.meta.dirname, 'src/renderer/mermaid-sandbox.html'),
        },
      },
    },
  },
})
