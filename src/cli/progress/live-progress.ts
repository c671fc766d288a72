/** Live progress rows, redrawn in place on a terminal. */
import type { Progress, ProgressLayout } from './layout.js'
import { colourWanted, startLiveRenderer } from './live-renderer.js'

export function liveProgress<E>(
  out: NodeJS.WriteStream,
  layout: ProgressLayout<E>,
  env: NodeJS.ProcessEnv,
): Progress<E> {
  const state = layout.live()
  const screen = startLiveRenderer(out, state, layout.style, { colour: colourWanted(env) })
  return {
    onEvent: (event) => state.onEvent(event, screen),
    stop: () => {
      state.finish?.()
      screen.stop()
    },
  }
}
