/**
 * What the project knows about one AI command-line tool (claude, codex, gemini, opencode): how to
 * start it in its structured streaming mode with its tools off and the user's history left alone,
 * which variables it documents for its credentials and endpoint, what it needs in the call's
 * scratch folder, and how to read its events. One module a CLI (claude.ts, codex.ts, ...); the
 * reading common to all of them is stream-reader.ts.
 */

export type JsonObject = Record<string, unknown>

/** Why a CLI did not answer, in the terms its failures come in. */
export type AgentFailure =
  /** Not logged in, or the key was refused. */
  | { kind: 'auth'; detail: string }
  | { kind: 'rate'; retryAfterSeconds: number | null; detail: string }
  /** The model named does not exist (or the account cannot use it). */
  | { kind: 'model'; detail: string }
  /** It rejected an option: too old for the options the project adds, or a typo in the command. */
  | { kind: 'option'; option: string }
  | { kind: 'other'; detail: string }

/** What one event of the stream said. */
export interface EventReading {
  /** Answer text it carried, to show as it streams ('' for none). */
  delta: string
  /** Whether it is an event of the format this version of the project knows. */
  known: boolean
  /** A failure that will not get better by waiting (the CLI retries a refused key): stop now. */
  failure?: AgentFailure
}

/** What the stream said once it ended. */
export interface StreamSummary {
  /** The answer: the final text the CLI gave, else the text it streamed. */
  text: string
  inputTokens: number | null
  outputTokens: number | null
  /** USD as the CLI reported it; null when it reports none (or 0, which means it does not know). */
  costUsd: number | null
  model: string | null
  /** The CLI said the call failed. */
  failure: AgentFailure | null
}

/** Reads one call's stream of events, in order. */
export interface EventParser {
  event(event: JsonObject): EventReading
  /** A line the CLI printed on stderr (progress, retries, errors). */
  stderrLine(line: string): AgentFailure | null
  summary(): StreamSummary
}

export interface AgentCli {
  name: 'claude' | 'codex' | 'gemini' | 'opencode'
  /** The version this project was tested with. */
  tested: string
  /** How to update it. */
  update: string
  /** What to do when it is not logged in or its key was refused. */
  login: string
  /** A variable it documents for its own credentials or endpoint (`ANTHROPIC_API_KEY`). */
  ownVariable: (name: string) => boolean
  /**
   * The command in its structured mode, tools off, history off; null for one of its other
   * commands (`claude mcp list`), which runs as plain text.
   */
  structured(argv: readonly string[]): string[] | null
  /** The model the command asks for, if it names one. */
  requestedModel(argv: readonly string[]): string | null
  /**
   * What one call needs in its scratch folder (a config folder of its own), written now, and the
   * variables that point the CLI there and turn its side trips off.
   */
  prepare(scratch: string, env: NodeJS.ProcessEnv): Record<string, string>
  parser(): EventParser
  /** Its flag for a dollar cap on one call (claude's `--max-budget-usd`), where it has one. */
  budgetFlag?: string
}

/** `--flag value`, `--flag=value` or `-f value`: the value of the first one present, else null. */
export function optionValue(args: readonly string[], names: readonly string[]): string | null {
  for (const [index, arg] of args.entries()) {
    for (const name of names) {
      if (arg === name) return args[index + 1] ?? ''
      if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1)
    }
  }
  return null
}

export function hasOption(args: readonly string[], names: readonly string[]): boolean {
  return args.some((arg) => names.some((name) => arg === name || arg.startsWith(`${name}=`)))
}

/** The arguments without an option that takes a value (`--flag value` and `--flag=value`). */
export function withoutOption(args: readonly string[], names: readonly string[]): string[] {
  const kept: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ''
    if (names.includes(arg)) index++
    else if (!names.some((name) => arg.startsWith(`${name}=`))) kept.push(arg)
  }
  return kept
}

/** The first argument that is not an option (a subcommand), with its index; flags with values skipped by `valued`. */
export function firstPositional(
  args: readonly string[],
  valued: readonly string[],
): { index: number; value: string } | null {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ''
    if (valued.includes(arg)) index++
    else if (!arg.startsWith('-')) return { index, value: arg }
  }
  return null
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const numberOr = (value: unknown, fallback: number | null): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

export const stringOr = (value: unknown, fallback: string | null): string | null =>
  typeof value === 'string' ? value : fallback

/** `… Please retry in 37s.`, `retry after 37s`, `try again in 37s`: the seconds, else null. */
export function retrySeconds(text: string): number | null {
  const match = /(?:retry|try again)(?: after| in)? (\d+(?:\.\d+)?)\s*s\b/i.exec(text)
  return match ? Math.ceil(Number(match[1])) : null
}

/** The failure as one line naming the CLI and what to do about it. */
export function failureMessage(
  cli: AgentCli,
  failure: AgentFailure,
  context: { model: string | null; added: readonly string[] },
): string {
  const name = cli.name
  switch (failure.kind) {
    case 'auth':
      return `${name} is not logged in, or its key was refused (${failure.detail}): ${cli.login}`
    case 'rate': {
      const when =
        failure.retryAfterSeconds === null
          ? 'try again later'
          : `try again in ${failure.retryAfterSeconds} s`
      return `${name} was rate-limited by its API (${failure.detail}): ${when}, or give the persona a fallback provider`
    }
    case 'model':
      return `${name}: the model ${context.model ? `"${context.model}" ` : ''}does not exist or this account cannot use it (${failure.detail}): fix the model in the command in providers.yaml`
    case 'option': {
      const option = failure.option.split('=')[0] ?? failure.option
      return context.added.some((added) => added.split('=')[0] === option)
        ? `${name} is too old: it does not know ${option}, which discussions needs; update it (${cli.update}); tested with ${name} ${cli.tested}`
        : `${name} does not know the option ${option}: fix the command in providers.yaml`
    }
    case 'other':
      return `${name} failed: ${failure.detail}`
  }
}
