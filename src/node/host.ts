/**
 * The running process, as the default for a library user who passes nothing: its environment,
 * working folder and platform. The app's entry points (src/cli/index.ts, src/main/index.ts,
 * src/server/index.ts) read the process themselves and pass what they read down as options; inside
 * src/node only the library's own entries fall back to these (openEngine, loadConfig,
 * loadProviders, detectProviders, stateDir, userConfigDir). Lint allows `process.env`,
 * `process.cwd()` and `process.platform` in src/node here and nowhere else.
 */

/** The environment a library call without `env` sees. */
export const processEnv = (): NodeJS.ProcessEnv => process.env

/** The folder a library call without `cwd` starts from. */
export const processCwd = (): string => process.cwd()

/**
 * The platform this code runs on: a fact of the machine, not a setting, so OS-specific code (an
 * fsync a platform cannot do, how a process tree is stopped) reads it here rather than being told.
 */
export const HOST_PLATFORM: NodeJS.Platform = process.platform

/**
 * Milliseconds on a monotonic clock, for durations. `performance.now()` reads the same clock, but
 * its first use loads Node's performance-timing modules, about 2 ms of every CLI command that
 * calls a provider.
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6
