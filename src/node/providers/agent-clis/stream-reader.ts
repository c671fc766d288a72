/**
 * Reading an agent CLI's structured output, whichever CLI it is: JSON lines, each handed to the
 * CLI's parser, the text deltas passed on as they come. A CLI whose output is not a stream of
 * events this version knows (a version that changed its format) is read as plain text, with a
 * one-line note saying so. Its failures come back as one line naming the CLI and the fix.
 */
import type { CommandDialect, OutputEnding, OutputPiece, OutputReader } from '../command-output.js'
import { failureMessage, isObject } from './agent-cli.js'
import type { AgentCli, AgentFailure, JsonObject } from './agent-cli.js'

/** How each CLI's option parser says it does not know an option. */
const UNKNOWN_OPTION = [
  /error: unknown option '([^']+)'/, // commander (claude)
  /error: unexpected argument '([^']+)' found/, // clap (codex)
  /Unknown arguments?: ([\w-]+)/, // yargs (gemini, opencode), without the dashes
]

function unknownOption(stderr: string): string | null {
  for (const pattern of UNKNOWN_OPTION) {
    const found = pattern.exec(stderr)?.[1]
    if (found) return found.startsWith('-') ? found : `${found.length > 1 ? '--' : '-'}${found}`
  }
  return null
}

function parseEvent(line: string): JsonObject | null {
  if (!line.startsWith('{')) return null
  try {
    const value: unknown = JSON.parse(line)
    return isObject(value) ? value : null
  } catch {
    return null
  }
}

const lastLine = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1) ?? ''

function streamReader(
  cli: AgentCli,
  context: { model: string | null; added: string[] },
): OutputReader {
  const parser = cli.parser()
  const message = (failure: AgentFailure): string => failureMessage(cli, failure, context)
  let mode: 'waiting' | 'events' | 'plain' = 'waiting'
  let known = false
  let raw = ''
  let pending = ''
  let errorPending = ''

  function lines(): OutputPiece {
    const complete = pending.split('\n')
    pending = complete.pop() ?? ''
    let text = ''
    for (const line of complete) {
      const trimmed = line.trim()
      if (trimmed === '') continue
      const event = parseEvent(trimmed)
      if (event === null) {
        // Not a stream of events at all: everything is the answer, from the start.
        if (mode === 'waiting') {
          mode = 'plain'
          return { text: raw, failure: null }
        }
        continue // a stray line among events (a warning printed to stdout)
      }
      mode = 'events'
      const reading = parser.event(event)
      if (reading.known) known = true
      if (reading.failure) return { text, failure: message(reading.failure) }
      text += reading.delta
    }
    return { text, failure: null }
  }

  return {
    stdout(piece) {
      raw += piece
      if (mode === 'plain') return { text: piece, failure: null }
      pending += piece
      return lines()
    },
    stderr(piece) {
      errorPending += piece
      const complete = errorPending.split('\n')
      errorPending = complete.pop() ?? ''
      for (const line of complete) {
        const failure = parser.stderrLine(line)
        if (failure) return { text: '', failure: message(failure) }
      }
      return { text: '', failure: null }
    },
    end({ code, stderr }): OutputEnding {
      if (mode !== 'plain' && pending !== '') {
        pending += '\n'
        lines()
      }
      const option = code !== 0 ? unknownOption(stderr) : null
      if (option) return { kind: 'failed', message: message({ kind: 'option', option }) }
      const summary = parser.summary()
      if (summary.failure) return { kind: 'failed', message: message(summary.failure) }
      if (code !== 0) {
        // What it said last on stderr, when that is a failure it has words for.
        const said = lastLine(stderr)
        const failure = said ? parser.stderrLine(said) : null
        return failure ? { kind: 'failed', message: message(failure) } : { kind: 'unexplained' }
      }
      if (mode === 'plain' || !known) {
        return {
          kind: 'answer',
          answer: {
            text: raw,
            ...(raw.trim() !== ''
              ? {
                  note: `${cli.name}'s output was not in the form this version of discussions reads (tested with ${cli.name} ${cli.tested}); it was taken as plain text, without its usage or cost.`,
                }
              : {}),
          },
        }
      }
      const model = summary.model ?? context.model
      return {
        kind: 'answer',
        answer: {
          text: summary.text,
          ...(summary.inputTokens !== null && summary.outputTokens !== null
            ? { usage: { inputTokens: summary.inputTokens, outputTokens: summary.outputTokens } }
            : {}),
          ...(summary.costUsd !== null ? { costUsd: summary.costUsd } : {}),
          ...(model !== null ? { model } : {}),
        },
      }
    },
  }
}

/** The arguments that cap one call at `usd` dollars, in whole hundredths of a cent (rounded down). */
function budgetArgs(flag: string): (usd: number) => string[] {
  return (usd) => [flag, (Math.floor(usd * 1e4) / 1e4).toFixed(4)]
}

/**
 * How a known CLI is spoken to: its structured command (already built from the user's, with what
 * the project adds), a per-call config where it needs one, and its stream read.
 */
export function agentDialect(
  cli: AgentCli,
  argv: readonly string[],
  structured: readonly string[],
  env: NodeJS.ProcessEnv,
): CommandDialect {
  const added = structured.filter((arg) => !argv.includes(arg))
  const context = { model: cli.requestedModel(structured), added }
  return {
    prepare: (scratch) => ({ argv: structured, env: cli.prepare(scratch, env) }),
    reader: () => streamReader(cli, context),
    ...(cli.budgetFlag ? { budgetArgs: budgetArgs(cli.budgetFlag) } : {}),
  }
}
