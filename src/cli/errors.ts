/**
 * Exit codes every command keeps: 0 success, 1 a negative result, 2 usage or input error, 3 a
 * budget stop, 130 cancelled. When several apply, a cancel wins, then a budget stop, then a failure.
 */
export const EXIT = { ok: 0, negative: 1, usage: 2, budget: 3, cancelled: 130 } as const

/** An error the user caused and can fix; printed as one line on stderr. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message)
  }
}

/** Ends a command with an exit code after it has said everything it had to say. */
export class SilentExit extends CliError {
  constructor(exitCode: number) {
    super('', exitCode)
  }
}
