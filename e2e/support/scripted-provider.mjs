#!/usr/bin/env node
// A command provider with a script instead of a model, for the app's tests: it reads the prompt
// on stdin like any AI CLI, streams an answer in the response contract and exits.
//   --gate DIR    after the first half of the answer, wait until DIR/<alias> or DIR/all exists,
//                 so a test can look at a turn in progress without timing anything
//   --fail LIST   aliases (comma-separated) that fail the way a CLI does: a message, exit 2;
//                 with --gate, an alias stops failing once DIR/heal-<alias> exists (a retry works)
// A debate's prompts (DEBATE-STEP lines) get a debate's answers: see debateStep below.
// A council's prompts get a council member's answers: see councilCall below.
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const args = process.argv.slice(2)
const option = (name) => {
  const index = args.indexOf(name)
  return index >= 0 ? args[index + 1] : undefined
}
const gate = option('--gate')
const failing = (option('--fail') ?? '').split(',').filter(Boolean)
const pause = (ms) => new Promise((done) => setTimeout(done, ms))

let prompt = ''
process.stdin.setEncoding('utf8')
for await (const chunk of process.stdin) prompt += chunk

const [, name = 'AI-Someone', alias = 'someone'] =
  /You are (\S+) \(@([a-z][a-z0-9_-]*)\)/.exec(prompt) ?? []
const healed = gate !== undefined && existsSync(join(gate, `heal-${alias}`))
if (failing.includes(alias) && !healed) {
  process.stderr.write(`scripted failure for ${alias}: quota exceeded\n`)
  process.exit(2)
}
const step = /^DEBATE-STEP: (\w+)$/m.exec(prompt)?.[1]
if (step) await debateStep(step)
if (
  /^You sit on an advisory council|asked to rank the other members|^## The question$/m.test(prompt)
)
  await councilCall()
const vote = alias === 'security' ? 'CHANGES' : 'READY'
// Long enough that a stream held back for key redaction (the last 64 characters) still shows it.
const first = `Scripted answer from ${name}. I read the whole discussion first; here is where I stand so far, with the reasons below. `
const second = `The plan holds up from where @${alias} stands.\\n\\nQ: Who reviews the rollout?`
process.stdout.write('{"comment": "')
for (const word of first.split(' ')) {
  process.stdout.write(`${word} `)
  await pause(15)
}
if (gate) {
  while (!existsSync(join(gate, alias)) && !existsSync(join(gate, 'all'))) await pause(40)
}
process.stdout.write(`${second}", "vote": "${vote}"}\n`)

/**
 * A debate's step (the prompt's DEBATE-STEP lines). Proposals stream, then wait at the gate for
 * DIR/debate-go (or DIR/all), so a test can watch and cancel a run. Ballots approve the proposal
 * of the lightest voter, which carries the 2/3 line; with DIR/debate-stalemate they approve
 * nothing, so the debate escalates to the human.
 */
async function debateStep(phase) {
  const field = (key) => new RegExp(`^${key}: (.*)$`, 'm').exec(prompt)?.[1]?.trim() ?? ''
  const own = field('YOUR-PROPOSAL')
  let answer
  if (phase === 'propose') {
    const text = `${name} proposes: keep sessions in a shared store, reviewed by @${alias}.`
    process.stdout.write('{"proposal": "')
    for (const word of text.split(' ')) {
      process.stdout.write(`${word} `)
      await pause(15)
    }
    if (gate)
      while (!existsSync(join(gate, 'debate-go')) && !existsSync(join(gate, 'all'))) await pause(40)
    process.stdout.write('", "confidence": 0.8}\n')
    process.exit(0)
  } else if (phase === 'critique') answer = { critiques: [] }
  else if (phase === 'defend')
    answer = { addresses: [], response: 'Nothing to answer.', modified: null }
  else {
    const weights = field('WEIGHTS')
      .split(', ')
      .map((item) => /^(P\d+|-)@([\w-]+)=([\d.]+)$/.exec(item))
      .filter(Boolean)
      .map(([, proposal, who, weight]) => ({ proposal, who, weight: Number(weight) }))
      .sort((a, b) => a.weight - b.weight)
    const lightest = weights.find((w) => w.proposal !== '-')?.proposal
    const stalemate = gate !== undefined && existsSync(join(gate, 'debate-stalemate'))
    const approves = !stalemate && lightest && lightest !== own ? [lightest] : []
    answer = { approves, justification: `@${alias} weighed the proposals in play.` }
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`)
  process.exit(0)
}

/**
 * A council call (its prompts have no @alias): the member's answer streams and then waits at the
 * gate for DIR/council-go (or DIR/all), so a test sees text arrive before the answer is saved. A
 * ranker (no gate) answers `RANKING: A > B`: the letters are dealt rotated per ranker, so with three
 * advisors each is first once, a three-way tie.
 */
async function councilCall() {
  if (/asked to rank the other members/.test(prompt)) {
    process.stdout.write(
      `${JSON.stringify({ comment: 'Response A reasons more carefully than Response B.\n\nRANKING: A > B' })}\n`,
    )
    process.exit(0)
  }
  const role = /You are the ([\w-]+)/.exec(prompt)?.[1] ?? 'member'
  const round = /This is round (\d+)/.exec(prompt)?.[1]
  const text = `The ${role} on the council${round ? ` in round ${round}` : ''}: keep the importer in the monolith for now, measure its load for a month, then decide.`
  const words = text.split(' ')
  const half = Math.ceil(words.length / 2)
  process.stdout.write('{"comment": "')
  for (const word of words.slice(0, half)) {
    process.stdout.write(`${word} `)
    await pause(15)
  }
  if (gate)
    while (!existsSync(join(gate, 'council-go')) && !existsSync(join(gate, 'all'))) await pause(40)
  process.stdout.write(`${words.slice(half).join(' ')}"}\n`)
  process.exit(0)
}
