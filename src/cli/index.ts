// Entry point of the `discussions` bin: the composition root for the CLI.
import { processIO } from './io.js'
import { runCli } from './main.js'

const code = await runCli(process.argv.slice(2), processIO())
process.exitCode = code
