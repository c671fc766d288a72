/**
 * `discussions debate`: start a debate, run it (live progress; resumable), show where it stands,
 * record the human's decision on an escalated one, and report on a folder of debates.
 */
import type { Command } from '@commander-js/extra-typings'
import { InvalidArgumentError } from '@commander-js/extra-typings'

import { positiveInteger } from '../../core/debate/settings-header.js'
import { summarizeDebate } from '../../core/debate/summary.js'
import { debateStats } from '../../core/debate/stats.js'
import { parseThreshold } from '../../core/debate/threshold.js'
import { parseWeights } from '../../core/debate/weights.js'
import { parseAliasList } from '../alias-list.js'
import { BUDGET_HELP, capsFrom, parseDollars, parseTokenCap } from '../budget-flags.js'
import { loadCliContext } from '../context.js'
import { formatStats, formatSummary } from '../debate-report.js'
import { printEstimate } from '../estimate-output.js'
import { CliError, EXIT, SilentExit } from '../errors.js'
import { withInterrupt } from '../interrupt.js'
import type { CliIO } from '../io.js'
import { withRenamedFields } from '../renamed-fields.js'
import { retireShortFlag } from '../retired-flags.js'
import { writeJson } from '../io.js'
import { debateLayout } from '../progress/debate-layout.js'
import { progressFor } from '../progress/index.js'

function argument<T>(parse: (value: string) => T): (value: string) => T {
  return (value) => {
    try {
      return parse(value)
    } catch (error) {
      throw new InvalidArgumentError(error instanceof Error ? error.message : String(error))
    }
  }
}

export function registerDebate(program: Command, io: CliIO): void {
  const debate = program
    .command('debate')
    .description(
      'Structured debates: propose, critique, defend, vote with weights until a 2/3 supermajority, or the human decides.',
    )

  const created = debate.command('new')
  retireShortFlag(created, '-p', '--participants')
  retireShortFlag(created, '-c', '--context')
  created
    .description('Create a debate file and print its path.')
    .argument('<topic>', 'what the debate should decide')
    .option(
      '--participants <aliases>',
      "comma-separated persona aliases (default: the debate template's)",
    )
    .option(
      '-w, --weights <list>',
      'voting weights, e.g. architect=2,security=1.5 (default by role: 1 / 1.5 / 2)',
    )
    .option('--context <text>', 'background the participants need')
    .option(
      '--max-rounds <n>',
      'rounds before escalating to the human (default 3)',
      argument(positiveInteger),
    )
    .option(
      '--threshold <fraction>',
      'share of the voting weight a proposal needs (default 2/3)',
      argument(parseThreshold),
    )
    .option(
      '--round-timeout <seconds>',
      'time each participant has per step (default 300)',
      argument(positiveInteger),
    )
    .option('--no-modifications', 'authors may not revise their proposals while defending')
    .option('-d, --dir <folder>', 'where to create it (default: output.directory of the config)')
    .action(async (topic, options) => {
      const engine = await loadCliContext(io)
      const path = await engine.createDebate({
        title: topic,
        ...(options.context !== undefined ? { context: options.context } : {}),
        ...(options.participants !== undefined
          ? { participants: parseAliasList(options.participants) }
          : {}),
        ...(options.weights !== undefined ? { weights: parseWeights(options.weights) } : {}),
        settings: {
          ...(options.maxRounds !== undefined ? { maxRounds: options.maxRounds } : {}),
          ...(options.threshold !== undefined ? { threshold: options.threshold } : {}),
          ...(options.roundTimeout !== undefined
            ? { roundTimeoutSeconds: options.roundTimeout }
            : {}),
          allowModifications: options.modifications,
        },
        ...(options.dir !== undefined ? { dir: options.dir } : {}),
      })
      io.stdout.write(`Created: ${path}\nRun it: discussions debate run ${path}\n`)
    })

  debate
    .command('run')
    .description(
      'Run the debate until consensus or escalation; resumes where a stopped run left off.',
    )
    .argument('<file>', 'debate file')
    .option('-p, --provider <name>', 'every participant uses this provider (see `providers list`)')
    .option(
      '--timeout <seconds>',
      "override the debate's round timeout for this run",
      argument(positiveInteger),
    )
    .option('--estimate', BUDGET_HELP.estimate)
    .option('--max-cost <usd>', BUDGET_HELP.maxCost, parseDollars)
    .option('--max-total-tokens <n>', BUDGET_HELP.maxTotalTokens, parseTokenCap)
    .option('--json', 'one JSON object per event and a final summary object')
    .action(async (file, options) => {
      const engine = await loadCliContext(io)
      if (options.estimate) {
        const provider = options.provider !== undefined ? { provider: options.provider } : {}
        printEstimate(io, await engine.estimateDebate(file, provider), options.json === true)
        return
      }
      await engine.readDebate(file) // refuses a file that is no debate before any progress shows
      const progress = await progressFor(io, options.json === true, debateLayout)
      const result = await withInterrupt(
        io,
        (signal) =>
          engine
            .resumeDebate(file, {
              signal,
              onEvent: (event) => progress.onEvent(event),
              ...(options.provider !== undefined ? { provider: options.provider } : {}),
              ...(options.timeout !== undefined ? { timeoutMs: options.timeout * 1000 } : {}),
              caps: capsFrom(options),
            })
            .finally(() => progress.stop()),
        (line) => progress.notice(line),
      )
      const summary = summarizeDebate(result.state)
      if (options.json)
        writeJson(
          io,
          {
            type: 'result',
            cancelled: result.cancelled,
            budgetStopped: result.budgetStopped,
            summary,
          },
          { compact: true },
        )
      else io.stdout.write(`\nStanding: ${summary.standing}\n`)
      if (result.cancelled) throw new SilentExit(EXIT.cancelled)
      if (result.budgetStopped) {
        if (!options.json)
          io.stdout.write(
            'Stopped by the budget between steps; what arrived is saved. Run it again with a new cap: `discussions debate run FILE --max-cost USD`.\n',
          )
        throw new SilentExit(EXIT.budget)
      }
    })

  debate
    .command('status')
    .description(
      'Where the debate stands: proposals, critiques by severity, defenses, tallies, outcome.',
    )
    .argument('<file>', 'debate file')
    .option('--json', 'the summary as JSON')
    .action(async (file, options) => {
      const engine = await loadCliContext(io)
      const summary = summarizeDebate((await engine.readDebate(file)).state)
      if (options.json) writeJson(io, withRenamedFields('debate status', summary))
      else io.stdout.write(`${formatSummary(summary).join('\n')}\n`)
    })

  debate
    .command('decide')
    .description("Record the human's decision on an escalated debate.")
    .argument('<file>', 'debate file')
    .option('--accept <proposal>', 'the proposal to adopt (P1, P2, ...)')
    .option('--reject', 'adopt none of them')
    .option('--reason <text>', 'why, in a sentence; kept in the file')
    .option('--as <name>', 'who decides (default: user.name, $DISCUSSIONS_USER, the login name)')
    .action(async (file, options) => {
      if ((options.accept === undefined) === (options.reject !== true))
        throw new CliError('Give exactly one of --accept PROPOSAL or --reject.')
      const engine = await loadCliContext(io)
      const outcome = await engine.decideDebate(
        file,
        options.accept !== undefined ? { accept: options.accept } : { reject: true },
        {
          ...(options.as !== undefined ? { by: options.as } : {}),
          ...(options.reason !== undefined ? { reason: options.reason } : {}),
        },
      )
      io.stdout.write(
        outcome.kind === 'accepted'
          ? `Accepted ${outcome.proposal}; the debate is decided.\n`
          : 'Rejected every proposal; the debate is decided.\n',
      )
    })

  debate
    .command('stats')
    .description(
      'Consensus rate, escalation rate, rounds to consensus and blocking critiques resolved.',
    )
    .option('-d, --dir <folder>', 'folder of debates (default: output.directory of the config)')
    .option('--json', 'the figures as JSON')
    .action(async (options) => {
      const engine = await loadCliContext(io)
      const debates = await engine.debates(options.dir)
      const stats = debateStats(debates.map((d) => d.state))
      if (options.json) writeJson(io, withRenamedFields('debate stats', stats))
      else io.stdout.write(`${formatStats(stats).join('\n')}\n`)
    })
}
