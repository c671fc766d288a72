/**
 * The real agent CLIs' tests (test/agents, and test/mcp/real-* with a CLI as the MCP client): their own run, after scripts/install-agent-clis.mjs
 * has installed the CLIs, since they take a minute or two and need a network namespace.
 * `npx vitest run --config vitest.agents.config.ts`
 */
import { configDefaults, defineConfig } from 'vitest/config'

import base from './vitest.config.js'

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/agents/**/*.test.ts', 'test/mcp/real-*.test.ts'],
    exclude: [...configDefaults.exclude],
    testTimeout: 300_000,
  },
})
