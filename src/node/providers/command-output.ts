/**
 * How a command provider's program is spoken to: what it is started with for one call, and how
 * its output is read. A program the project knows nothing about gets `plainText`: the prompt in,
 * the answer out as text. A known AI CLI gets its own dialect (agent-clis/): its structured
 * output, read for the text as it streams, the usage and cost it reports, and its failures in
 * words. The command provider itself (command-provider.ts) only runs the program and passes the
 * pieces along.
 */

/** What one call runs: the program and arguments, and the variables set for it. */
export interface CommandCall {
  argv: readonly string[]
  /** Set on top of the allow-listed environment (a per-call config folder, a switch). */
  env: Record<string, string>
}

/** What a reader makes of a piece of output. */
export interface OutputPiece {
  /** Answer text to show as it streams in ('' for none). */
  text: string
  /** A failure known before the program ends (a refused key, a rate limit): it is stopped. */
  failure: string | null
}

/** The answer a reader found once the program exited. */
export interface ReadAnswer {
  text: string
  /** As the program reported them; absent: estimated from the text. */
  usage?: { inputTokens: number; outputTokens: number }
  costUsd?: number
  model?: string
  /** One line about how the answer was read (a format that was not recognised). */
  note?: string
}

export type OutputEnding =
  | { kind: 'answer'; answer: ReadAnswer }
  /** The program failed, and the reader can say why in words. */
  | { kind: 'failed'; message: string }
  /** A failure the reader cannot explain: the provider's own message (exit code, stderr). */
  | { kind: 'unexplained' }

export interface OutputReader {
  stdout(piece: string): OutputPiece
  stderr(piece: string): OutputPiece
  /** The program exited with `code` (0: success); `stderr` is the end of what it printed there. */
  end(exit: { code: number; stderr: string }): OutputEnding
}

export interface CommandDialect {
  /** The call in its scratch folder: files it needs there are written now. */
  prepare(scratch: string): CommandCall
  reader(): OutputReader
  /** The arguments that cap one call's spend at `usd` dollars, for a CLI that takes one. */
  budgetArgs?: (usd: number) => string[]
}

/** The program's stdout is the answer, as it comes. */
export function plainText(argv: readonly string[]): CommandDialect {
  return {
    prepare: () => ({ argv, env: {} }),
    reader() {
      let text = ''
      return {
        stdout(piece) {
          text += piece
          return { text: piece, failure: null }
        },
        stderr: () => ({ text: '', failure: null }),
        end: ({ code }) =>
          code === 0 ? { kind: 'answer', answer: { text } } : { kind: 'unexplained' },
      }
    },
  }
}
