import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { ProviderError } from '../../src/core/providers/port.js'

/** Awaits a call that must fail with a ProviderError; gives the error and how long it took. */
export async function failure(promise: Promise<unknown>) {
  const started = performance.now()
  const error = await promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e,
  )
  if (!(error instanceof ProviderError)) throw error
  return { error, elapsed: performance.now() - started }
}

/** A port nothing listens on: taken, then given back. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
