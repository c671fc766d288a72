/**
 * # Real agent CLIs, offline
 *
 * A harness for tests that run the real AI command-line tools (claude, codex, gemini, opencode)
 * without letting them reach anything but 127.0.0.1:
 *
 * - `scripts/install-agent-clis.mjs` installs the pinned CLIs (`clis/package.json` and its lock
 *   file) into a cache folder outside the project's dependencies, reused between runs;
 *   `linkInstalledClis` puts them on a PATH folder under the names commands use.
 * - `openLoopbackNamespace` starts one helper inside a network namespace that has only loopback
 *   (`unshare -n`, or `unshare -rn` when not root), with the API stand-ins running in it; every
 *   program the test starts through `run` runs in there too. A real CLI is never started outside
 *   it. `namespaceProblem` says, in one line, why a machine cannot make one (the tests then skip
 *   with that line).
 * - `stand-ins.ts` speaks Anthropic Messages, OpenAI Responses and Chat Completions, and Gemini's
 *   streamGenerateContent, all as SSE, records every request (so a test sees the tools a CLI
 *   offered the model), and fails on demand: a wrong key, model `no-such-model`, model
 *   `rate-limited`. It also answers opencode's npm registry lookups (`/npm/`), with nothing.
 * - `scripted-agent.ts` is a model for MCP clients: asked for `MCP_SCRIPT_MODEL`, the Messages
 *   stand-in answers with the `tool_use` blocks that create a discussion, comment on it with a
 *   vote and read it back, one step per request, from the conversation the client sends.
 *
 * ```ts
 * const clis = await linkInstalledClis(tempFolder)
 * const space = await openLoopbackNamespace()
 * const result = await space.run({ argv: [...], env: { PATH: `${clis.bin}:...`, ... }, cwd })
 * const requests = await space.requests()
 * await space.close()
 * ```
 */
export { installProblem, linkInstalledClis } from './installed-clis.js'
export type { InstalledClis } from './installed-clis.js'
export { namespaceProblem, openLoopbackNamespace } from './loopback-namespace.js'
export type { LoopbackNamespace, RunRequest, RunResult } from './loopback-namespace.js'
export {
  API_KEY,
  RATE_LIMITED_MODEL,
  RETRY_AFTER_SECONDS,
  STAND_IN_ANSWERS,
  UNKNOWN_MODEL,
  startStandIns,
} from './stand-ins.js'
export type { RecordedRequest, StandIns } from './stand-ins.js'
export { MCP_PAGER_MODEL, MCP_SCRIPT_MODEL, MCP_SERVER_NAME, SCRIPT } from './scripted-agent.js'
