import type { Command } from '@commander-js/extra-typings'
import { InvalidArgumentError } from '@commander-js/extra-typings'

import type { TurnEvent } from '../../core/turns/turn-events.js'
import { requireKnownProvider } from '../../core/providers/known-provider.js'
import { loadCliContext } from '../context.js'
import { CliError, EXIT, SilentExit } from '../errors.js'
import { withInterrupt } from '../interrupt.js'
import type { CliIO } from '../io.js'
import { writeJson } from '../io.js'
import { withRenamedFields } from '../renamed-fields.js'
import { progressFor } from '../progress/index.js'
import { turnLayout } from '../progress/turn-layout.js'
import { formatTurnSummary } from '../turn-summary.js'

function parseCount(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError(`"${value}" is not a whole number of at least 1.`)
  return number
}

function parseSeconds(value: string): number {
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError(`"${value}" is not a number of seconds (for example 120).`)
  return number
}

function checkParticipants(values: readonly string[]): void {
  for (const value of values) {
    if (!/^@?[A-Za-z][\w-]*$/.test(value))
      throw new CliError(
        `"${value}" is not a participant; write @alias (for example @architect) or @all.`,
      )
  }
}

export function registerTurn(program: Command, io: CliIO): void {
  program
    .command('turn')
    .description(
      'Ask the personas for their answers, in parallel; each answer is appended as it arrives.',
    )
    .argument('<file>', 'discussion file')
    .argument(
      '[participants...]',
      "@alias ... or @all (default: the callout's @mentions, pending mentions, the phase's participants)",
    )
    .option('-c, --callout <text>', 'what to ask or point the personas at (may @mention them)')
    .option('-p, --provider <name>', 'every persona uses this provider (see `providers list`)')
    .option('--sequential', 'one after another, each reading the answers before it')
    .option(
      '--concurrency <n>',
      'how many answer at once (default from discussions.yaml: 8)',
      parseCount,
    )
    .option('--timeout <seconds>', 'stop a persona that takes longer than this', parseSeconds)
    .option('--show-prompt', 'print the prompt each persona would get, and call nobody')
    .option('--json', 'one JSON object per event and a final result object')
    .action(async (file, participants, options) => {
      checkParticipants(participants)
      const engine = await loadCliContext(io)
      const callout = options.callout
      if (options.showPrompt) {
        requireKnownProvider(options.provider, (await engine.providers()).available)
        const preview = await engine.previewTurn(file, {
          participants,
          ...(callout !== undefined ? { callout } : {}),
        })
        if (preview.prompts.length === 0) throw nobodyToAsk()
        for (const item of preview.prompts) {
          if (item.prompt === null) {
            io.stderr.write(`warning: no persona named "${item.participant}"; skipped\n`)
            continue
          }
          io.stdout.write(
            `===== prompt for ${item.name ?? item.participant} (@${item.participant}) =====\n`,
          )
          io.stdout.write(`${item.prompt}\n`)
        }
        return
      }

      const progress = await progressFor(io, options.json === true, turnLayout)
      const result = await withInterrupt(
        io,
        (signal) =>
          engine
            .runTurn(file, {
              participants,
              ...(callout !== undefined ? { callout } : {}),
              ...(options.provider !== undefined ? { provider: options.provider } : {}),
              ...(options.sequential ? { sequential: true } : {}),
              ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
              ...(options.timeout !== undefined ? { timeoutMs: options.timeout * 1000 } : {}),
              signal,
              onEvent: (event: TurnEvent) => progress.onEvent(event),
            })
            .finally(() => progress.stop()),
        (line) => progress.notice(line),
      )
      if (result.selection.aliases.length === 0) throw nobodyToAsk()

      const status = await engine.status(await engine.load(file))
      const failed = result.answers.some((answer) => answer.outcome === 'failed')
      if (options.json) {
        const { answers, ...rest } = result
        writeJson(
          io,
          withRenamedFields('turn', {
            type: 'result',
            ...rest,
            answers: answers.map((answer) => answer.event),
            consensus: status.consensus,
            phaseNow: status.phase,
            statusNow: status.status,
          }),
          { compact: true },
        )
      } else {
        const titles = new Map<string, string>()
        for (const id of [result.phase?.from, result.phase?.advanceTo])
          if (id) titles.set(id, (await engine.phaseOf(status.template, id))?.title ?? id)
        const lines = formatTurnSummary(
          result,
          status.consensus.summary,
          (id) => titles.get(id) ?? id,
        )
        io.stdout.write(`\n${lines.join('\n')}\n`)
      }
      if (result.cancelled) throw new SilentExit(EXIT.cancelled)
      if (failed) throw new SilentExit(EXIT.negative)
    })
}

function nobodyToAsk(): CliError {
  return new CliError(
    'Nobody to ask: no @mentions are pending and the discussion names no participants. Name them: `discussions turn FILE @architect @security` or `@all`.',
  )
}
