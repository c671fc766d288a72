/** Live progress rows, redrawn in place on a terminal. */
import { sanitizeForTerminal } from '../../core/terminal/sanitize-for-terminal.js'
import type { TerminalOutput } from '../io.js'
import type { Progress, ProgressLayout } from './layout.js'
import { colourWanted, startLiveRenderer } from './live-renderer.js'

export function liveProgress<E>(
  out: NodeJS.WriteStream,
  layout: ProgressLayout<E>,
  env: NodeJS.ProcessEnv,
  /** Where notices go (stderr); default: the rows' own stream, sanitised. */
  err: Pick<TerminalOutput, 'write'> = { write: (text) => out.write(sanitizeForTerminal(text)) },
): Progress<E> {
  const state = layout.live()
  const screen = startLiveRenderer(out, state, layout.style, { colour: colourWanted(env) })
  return {
    onEvent: (event) => state.onEvent(event, screen),
    notice: (line) => screen.aside(() => err.write(`${line}\n`)),
    stop: () => {
      state.finish?.()
      screen.stop()
    },
  }
}
