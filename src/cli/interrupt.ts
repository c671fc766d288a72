/**
 * Ctrl-C for long commands: the first one aborts the work through an AbortSignal (providers stop
 * and kill their process groups; what already arrived is kept), a second one quits at once.
 */
import type { CliIO } from './io.js'

export async function withInterrupt<T>(
  io: CliIO,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController()
  const onSigint = (): void => {
    if (controller.signal.aborted) process.exit(130)
    io.stderr.write('\nCancelling: stopping the providers (Ctrl-C again to quit at once)...\n')
    controller.abort()
  }
  process.on('SIGINT', onSigint)
  try {
    return await work(controller.signal)
  } finally {
    process.off('SIGINT', onSigint)
  }
}
