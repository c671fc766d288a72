/**
 * A run's progress, whatever the protocol: on a terminal, live rows redrawn in place; elsewhere,
 * or with --json, one plain line (or JSON object) per event, so logs and pipes read well.
 */
import type { Writable } from 'node:stream'

import type { CliIO } from '../io.js'
import type { Progress, ProgressLayout } from './layout.js'

export function plainProgress<E>(
  out: Writable,
  json: boolean,
  layout: ProgressLayout<E>,
): Progress<E> {
  return {
    onEvent: (event) => {
      if (json) {
        if (!layout.chatty(event)) out.write(`${JSON.stringify(event)}\n`)
        return
      }
      const line = layout.describe(event)
      if (line) out.write(`${line}\n`)
    },
    stop: () => undefined,
  }
}

/**
 * Live on a terminal that can be redrawn, plain lines everywhere else. The live renderer (and the
 * terminal libraries under it) is loaded only for a terminal: a run in a pipe or a script reaches
 * its first provider without compiling code it never uses.
 */
export async function progressFor<E>(
  io: CliIO,
  json: boolean,
  layout: ProgressLayout<E>,
): Promise<Progress<E>> {
  const stdout = io.stdout as NodeJS.WriteStream
  // A terminal that reports no size (some CI pseudo-terminals) cannot be redrawn in place.
  const live = !json && stdout.isTTY === true && (stdout.rows ?? 0) > 0
  if (!live) return plainProgress(io.stdout, json, layout)
  const { liveProgress } = await import('./live-progress.js')
  return liveProgress(stdout, layout, io.env)
}
