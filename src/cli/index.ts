// Entry point of the `discussions` bin: the composition root for the CLI.
import { processIO } from './io.js'
import { runCli } from './main.js'

void runCli(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code
})
