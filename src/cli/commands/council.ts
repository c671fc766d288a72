import type { Command } from '@commander-js/extra-typings'
import { InvalidArgumentError, Option } from '@commander-js/extra-typings'

import { COUNCIL_FLOWS, COUNCIL_MODES, COUNCIL_TIERS } from '../../core/council/modes.js'
import type { CouncilRunResult } from '../../core/council/run-council.js'
import type { CouncilRun, RunCaps } from '../../node/engine/index.js'
import { BUDGET_HELP, capsFrom, parseDollars, parseTokenCap } from '../budget-flags.js'
import { loadCliContext } from '../context.js'
import { printEstimate } from '../estimate-output.js'
import { formatCouncilSummary } from '../council-summary.js'
import { CliError, EXIT, SilentExit } from '../errors.js'
import { withInterrupt } from '../interrupt.js'
import type { CliIO } from '../io.js'
import { retireShortFlag } from '../retired-flags.js'
import { writeJson } from '../io.js'
import { councilLayout } from '../progress/council-layout.js'
import { progressFor } from '../progress/index.js'

const COUNCIL_BUDGET_STOP =
  'Stopped by the budget between steps; the answers that arrived are saved. Resume with a new cap: `discussions council resume FILE --max-cost USD`.'

function parseRounds(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1 || number > 5)
    throw new InvalidArgumentError(`"${value}" is not a number of rounds from 1 to 5.`)
  return number
}

/** Runs the council (`run` calls the engine), following it live, and prints the outcome. */
async function runAndReport(
  io: CliIO,
  json: boolean,
  run: (options: CouncilRun) => Promise<CouncilRunResult & { budgetStopped: boolean }>,
  /** The file as the person named it (resume); default: the path of the new file. */
  shown?: string,
  caps: RunCaps = {},
): Promise<void> {
  const progress = await progressFor(io, json, councilLayout)
  const result = await withInterrupt(
    io,
    (signal) =>
      run({ signal, caps, onEvent: (event) => progress.onEvent(event) }).finally(() =>
        progress.stop(),
      ),
    (line) => progress.notice(line),
  )
  if (json) writeJson(io, { type: 'result', ...result }, { compact: true })
  else io.stdout.write(`\n${formatCouncilSummary(result, shown ?? result.file).join('\n')}\n`)
  if (result.cancelled) throw new SilentExit(EXIT.cancelled)
  if (result.budgetStopped) {
    if (!json) io.stdout.write(`${COUNCIL_BUDGET_STOP}\n`)
    throw new SilentExit(EXIT.budget)
  }
  if (!result.complete) throw new SilentExit(EXIT.negative)
}

export function registerCouncil(program: Command, io: CliIO): void {
  const council = retireShortFlag(program.command('council'), '-t', '--tier')
    .description(
      'Ask an advisory council: three advisors and a referee, or D/P groups and a meta-arbiter.',
    )
    .argument('[question...]', 'what to ask (quote it)')
    .addOption(
      new Option('-m, --mode <mode>', 'advisors + referee, or D/P groups + meta-arbiter')
        .choices(COUNCIL_MODES)
        .default('personality' as const),
    )
    .addOption(
      new Option('-f, --flow <flow>', 'how the members answer')
        .choices(COUNCIL_FLOWS)
        .default('parallel' as const),
    )
    .option('-r, --rounds <n>', 'rounds, 1 to 5 (default 1; debate: 3)', parseRounds)
    .addOption(
      new Option('--tier <tier>', 'which roles get the stronger provider')
        .choices(COUNCIL_TIERS)
        .default('light' as const),
    )
    .option('--rank', 'advisors rank each other’s anonymized answers before the referee')
    .option('-p, --provider <name>', 'every role uses this provider (see `providers list`)')
    .option(
      '-o, --out <file>',
      'write the council to this file (default: a new file in ./discussions)',
    )
    .option('--estimate', BUDGET_HELP.estimate)
    .option('--max-cost <usd>', BUDGET_HELP.maxCost, parseDollars)
    .option('--max-total-tokens <n>', BUDGET_HELP.maxTotalTokens, parseTokenCap)
    .option('--json', 'one JSON object per event and a final result object')
    .action(async (words, options) => {
      const question = words.join(' ').trim()
      if (question === '')
        throw new CliError(
          'Ask the council something: `discussions council "Should we rewrite the importer?"`.',
        )
      const engine = await loadCliContext(io)
      const request = {
        question,
        mode: options.mode,
        flow: options.flow,
        ...(options.rounds !== undefined ? { rounds: options.rounds } : {}),
        tier: options.tier,
        rank: options.rank === true,
        ...(options.provider !== undefined ? { provider: options.provider } : {}),
        ...(options.out !== undefined ? { out: options.out } : {}),
      }
      const json = options.json === true
      if (options.estimate) {
        printEstimate(io, await engine.estimateCouncil(request), json)
        return
      }
      await runAndReport(
        io,
        json,
        (run) =>
          engine.council(request, {
            ...run,
            onCreated: (file) => {
              if (!json) io.stdout.write(`Council: ${file}\n`)
            },
          }),
        undefined,
        capsFrom(options),
      )
    })
  council
    .command('resume')
    .description('Continue a council that stopped (killed, cancelled or a call failed).')
    .argument('<file>', 'the council’s discussion file')
    .option('--estimate', `${BUDGET_HELP.estimate}; only the calls left`)
    .option('--max-cost <usd>', BUDGET_HELP.maxCost, parseDollars)
    .option('--max-total-tokens <n>', BUDGET_HELP.maxTotalTokens, parseTokenCap)
    .option('--json', 'one JSON object per event and a final result object')
    .action(async (file, options) => {
      const engine = await loadCliContext(io)
      // `council resume FILE --json`: Commander may hand --json to the parent command.
      const json = options.json === true || council.opts().json === true
      // `--estimate` may likewise land on the parent.
      if (options.estimate === true || council.opts().estimate === true) {
        printEstimate(io, await engine.estimateCouncilResume(file), json)
        return
      }
      await runAndReport(
        io,
        json,
        (run) => engine.resumeCouncil(file, run),
        file,
        capsFrom(options),
      )
    })
}
