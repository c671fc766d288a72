import { resolve } from 'node:path'

import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  // The renderer's aliases, as in electron.vite.config.ts and tsconfig.web.json.
  resolve: {
    alias: {
      '@renderer': resolve(import.meta.dirname, 'src/renderer/src'),
      '@shared': resolve(import.meta.dirname, 'src/shared'),
      '@core': resolve(import.meta.dirname, 'src/core'),
    },
  },
  test: {
    // Component tests (*.test.tsx) say `// @vitest-environment happy-dom` on their first line.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    // The real agent CLIs run on their own: vitest.agents.config.ts.
    exclude: [...configDefaults.exclude, 'test/agents/**', 'test/mcp/real-*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // Node 25+ defines a global localStorage of its own (undefined without --localstorage-file),
    // which shadows the DOM environment's in component tests.
    execArgv: ['--no-experimental-webstorage'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
})
