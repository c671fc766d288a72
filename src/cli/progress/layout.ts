/** What a protocol tells the progress renderers: its plain lines and its live rows. */
import type { LiveScreen, LiveSource, RowStyle } from './live-renderer.js'

/** A run's progress as a command sees it: events in, and a stop once the run ends. */
export interface Progress<E> {
  onEvent: (event: E) => void
  /**
   * Says one line on stderr while the run goes on (Ctrl-C's "Cancelling"): on a terminal the live
   * rows are taken off the screen first and drawn again under it, so none is left behind.
   */
  notice: (line: string) => void
  stop: () => void
}

export interface ProgressLayout<E> {
  /** One plain line for an event; null for the chatty ones (streamed text). */
  describe: (event: E) => string | null
  /** A `describe` for one run, for a layout whose lines depend on earlier events. */
  plain?: () => (event: E) => string | null
  /** Events left out of --json output: streamed text, whose result is in the file anyway. */
  chatty: (event: E) => boolean
  style: RowStyle
  /** A fresh state for one run on a terminal. */
  live: () => LiveLayout<E>
}

export interface LiveLayout<E> extends LiveSource {
  onEvent: (event: E, screen: LiveScreen) => void
  /** Called before the last frame is drawn (e.g. to drop rows still in flight). */
  finish?: () => void
}

/** Keeps only the last line of streamed text, quoted, for a row's detail. */
export function lastLineOf(text: string): string {
  const last = text.trim().split('\n').pop() ?? ''
  return last ? `“${last}”` : 'writing'
}
