#!/usr/bin/env node
// A command provider with a script instead of a model, for the terminal UI's tests: it reads the
// prompt on stdin like any AI CLI and streams an answer in the response contract. The first part
// is long enough to pass the stream's secret-redaction hold-back (64 characters), so the screen
// shows it streaming; then it waits until GATE/<alias> or GATE/all exists before it finishes.
//   streaming-provider.mjs GATE
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const gate = process.argv[2]
const pause = (ms) => new Promise((done) => setTimeout(done, ms))

let prompt = ''
process.stdin.setEncoding('utf8')
for await (const chunk of process.stdin) prompt += chunk

const [, name = 'AI-Someone', alias = 'someone'] =
  /You are (\S+) \(@([a-z][a-z0-9_-]*)\)/.exec(prompt) ?? []
const vote = alias === 'security' ? 'CHANGES' : 'READY'
const first =
  `Scripted answer from ${name}. I read the whole discussion and the plan holds up: ` +
  'sessions in PostgreSQL, invitations, and an audit table from the first day. '
process.stdout.write('{"comment": "')
for (const word of first.split(' ')) {
  process.stdout.write(`${word} `)
  await pause(10)
}
while (gate && !existsSync(join(gate, alias)) && !existsSync(join(gate, 'all'))) await pause(40)
process.stdout.write(`Q: Who reviews the rollout for @${alias}?", "vote": "${vote}"}\n`)
