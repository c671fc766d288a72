/**
 * The one live renderer behind every protocol's progress on a terminal: rows in flight with a
 * spinner and their elapsed time, redrawn in place through log-update ten times a second, finished
 * lines printed above them, rows cut to the terminal's width. A layout decides what the rows say.
 * It writes to the raw stream (its cursor moves and colours are the tool's own), so every text it
 * is given passes the terminal sanitiser here.
 */
import { styleText } from 'node:util'

import { createLogUpdate } from 'log-update'

import { sanitizeForTerminal } from '../../core/terminal/sanitize-for-terminal.js'

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
const REDRAW_MS = 100

export type RowState = 'queued' | 'thinking' | 'done' | 'failed' | 'skipped'

/** One line in flight: `<indent><mark> <label padded> <detail>< elapsed>`. */
export interface LiveRow {
  label: string
  state: RowState
  detail: string
  /** When the call started (ms since the epoch); the elapsed time shows while it thinks. */
  started: number | null
}

export interface RowStyle {
  /** What stands before every row (the debate indents its rows under the phase line). */
  indent: string
  /** The label's column width. */
  labelWidth: number
}

/** The screen a layout writes to. */
export interface LiveScreen {
  /** Prints a finished line above the rows in flight; it stays in the scrollback. */
  print: (line: string) => void
}

export interface LiveRenderer extends LiveScreen {
  /**
   * Runs `write` (output on another stream: stderr) with the rows off the screen, then draws them
   * under it. Written between two frames instead, it would move the cursor under the renderer,
   * which would then erase the wrong lines and leave old frames on the screen.
   */
  aside: (write: () => void) => void
  stop: () => void
}

export interface LiveSource {
  rows: () => readonly LiveRow[]
  /** Lines drawn under the rows as they are (not cut to the width). */
  footer?: () => readonly string[]
}

const MARKS: Record<Exclude<RowState, 'thinking'>, string> = {
  queued: '·',
  done: '✔',
  failed: '✖',
  skipped: '-',
}

const MARK_COLOURS: Partial<Record<RowState, Parameters<typeof styleText>[0]>> = {
  thinking: 'cyan',
  done: 'green',
  failed: 'red',
  queued: 'gray',
}

/** no-color.org: NO_COLOR set to anything but the empty string turns colour off. */
export function colourWanted(env: NodeJS.ProcessEnv): boolean {
  return env.NO_COLOR === undefined || env.NO_COLOR === ''
}

export function formatRow(
  row: LiveRow,
  style: RowStyle,
  context: { frame: string; now: number; width: number; colour: boolean },
): string {
  const mark = row.state === 'thinking' ? context.frame : MARKS[row.state]
  const elapsed =
    row.state === 'thinking' && row.started !== null
      ? ` ${((context.now - row.started) / 1000).toFixed(0)}s`
      : ''
  // Names and details come from files and answers: sanitised before the row gets its colours.
  const label = sanitizeForTerminal(row.label)
  const rest = ` ${label.padEnd(style.labelWidth)} ${sanitizeForTerminal(row.detail)}${elapsed}`
  const full = `${style.indent}${mark}${rest}`
  // The width is measured without colour codes, which take no room on the screen.
  if (full.length > context.width) {
    const cut = `${full.slice(0, context.width - 1)}…`
    return context.colour ? colourMark(cut, style.indent, mark, row.state) : cut
  }
  return context.colour ? colourMark(full, style.indent, mark, row.state) : full
}

function colourMark(row: string, indent: string, mark: string, state: RowState): string {
  const colour = MARK_COLOURS[state]
  if (!colour || !row.startsWith(`${indent}${mark}`)) return row
  // The caller decided on colour (a terminal, no NO_COLOR): styleText need not check the stream.
  const coloured = styleText(colour, mark, { validateStream: false })
  return `${indent}${coloured}${row.slice(indent.length + mark.length)}`
}

export function startLiveRenderer(
  out: NodeJS.WriteStream,
  source: LiveSource,
  style: RowStyle,
  options: { colour: boolean },
): LiveRenderer {
  const render = createLogUpdate(out, { showCursor: false })
  let frame = 0
  const draw = (): void => {
    frame = (frame + 1) % FRAMES.length
    const context = {
      frame: FRAMES[frame] ?? '-',
      now: Date.now(),
      width: Math.max(40, (out.columns || 100) - 2),
      colour: options.colour,
    }
    const rows = source.rows().map((row) => formatRow(row, style, context))
    const footer = (source.footer?.() ?? []).map(sanitizeForTerminal)
    render([...rows, ...footer].join('\n'))
  }
  const timer = setInterval(draw, REDRAW_MS)
  return {
    print: (line) => {
      render.clear()
      out.write(`${sanitizeForTerminal(line)}\n`)
      draw()
    },
    aside: (write) => {
      render.clear()
      write()
      draw()
    },
    stop: () => {
      clearInterval(timer)
      draw()
      render.done()
    },
  }
}
