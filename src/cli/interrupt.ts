/**
 * Ctrl-C for long commands: the first one aborts the work through an AbortSignal (providers stop
 * and kill their process groups; what already arrived is kept), a second one quits at once.
 */
import type { CliIO } from './io.js'

export async function withInterrupt<T>(
  io: CliIO,
  work: (signal: AbortSignal) => Promise<T>,
  /** How the cancel is said: through the run's progress, which keeps its live rows whole. */
  say: (line: string) => void = (line) => io.stderr.write(`\n${line}\n`),
): Promise<T> {
  const controller = new AbortController()
  const onSigint = (): void => {
    if (controller.signal.aborted) process.exit(130)
    say('Cancelling: stopping the providers (Ctrl-C again to quit at once)...')
    controller.abort()
  }
  process.on('SIGINT', onSigint)
  try {
    return await work(controller.signal)
  } finally {
    process.off('SIGINT', onSigint)
  }
}
