// Entry point of the `discussions` bin: the composition root for the CLI. No top-level await: the
// bundle runs this file as a function (bin/run-bundle.cjs).
import { processIO } from './io.js'
import { runCli } from './main.js'

void runCli(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code
})
