/**
 * The errors a caller tells apart, without the rest of the engine: the CLI's entry words every
 * failure from these, and loading the whole engine (providers, zod, YAML) for that would cost every
 * command, `--version` included, its start-up time.
 */
export { ConfigError } from '../config/config-error.js'
