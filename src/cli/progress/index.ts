/**
 * A run's progress, whatever the protocol: on a terminal, live rows redrawn in place; elsewhere,
 * or with --json, one plain line (or JSON object) per event, so logs and pipes read well.
 */
import { jsonForTerminal } from '../../core/terminal/json-for-terminal.js'
import type { CliIO, TerminalOutput } from '../io.js'
import type { Progress, ProgressLayout } from './layout.js'

export function plainProgress<E>(
  out: Pick<TerminalOutput, 'write'>,
  json: boolean,
  layout: ProgressLayout<E>,
  err: Pick<TerminalOutput, 'write'> = out,
): Progress<E> {
  const describe = layout.plain?.() ?? layout.describe
  return {
    onEvent: (event) => {
      if (json) {
        if (!layout.chatty(event)) out.write(`${jsonForTerminal(event)}\n`)
        return
      }
      const line = describe(event)
      if (line) out.write(`${line}\n`)
    },
    notice: (line) => err.write(`${line}\n`),
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
  // A terminal that reports no size (some CI pseudo-terminals) cannot be redrawn in place.
  const live = !json && io.stdout.isTTY && io.stdout.rows > 0
  if (!live) return plainProgress(io.stdout, json, layout, io.stderr)
  const { liveProgress } = await import('./live-progress.js')
  // The live rows carry the tool's own cursor moves and colours; the renderer sanitises their text.
  return liveProgress(io.stdout.unsanitisedStream as NodeJS.WriteStream, layout, io.env, io.stderr)
}
