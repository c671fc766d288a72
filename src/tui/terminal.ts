/**
 * The terminal around the UI: the alternate screen while it runs, and the screen, cursor and
 * keyboard mode given back on every way out (quit, Ctrl-C, a signal, a crash). Also handing the
 * terminal to `$EDITOR` and taking it back, and text to the terminal's clipboard.
 */
import { spawnSync } from 'node:child_process'

import { onExit } from 'signal-exit'

import { osc52 } from './view-model/comment-actions.js'

const ENTER_ALT = '\u001b[?1049h\u001b[?25l'
const LEAVE_ALT = '\u001b[?25h\u001b[?1049l'
const CLEAR_HOME = '\u001b[2J\u001b[H'

let active = false

function leave(): void {
  if (!active) return
  active = false
  if (process.stdin.isTTY) process.stdin.setRawMode(false)
  process.stdout.write(LEAVE_ALT)
}

/** Switches to the alternate screen; whatever ends the program switches back. */
export function takeScreen(): () => void {
  active = true
  process.stdout.write(ENTER_ALT)
  const removeExitHook = onExit(() => leave(), { alwaysLast: true })
  // Before Node prints an uncaught error: printed on the alternate screen, it would vanish with it.
  const onCrash = (): void => leave()
  process.on('uncaughtExceptionMonitor', onCrash)
  return () => {
    leave()
    removeExitHook()
    process.removeListener('uncaughtExceptionMonitor', onCrash)
  }
}

/**
 * Hands `text` to the terminal's clipboard (OSC 52; tmux passes it on with set-clipboard). The
 * sequence shows nothing, so it goes between Ink's frames as it is; the text in it is base64.
 */
export function copyToClipboard(text: string): void {
  process.stdout.write(osc52(text))
}

/** The editor a person chose: $VISUAL, then $EDITOR, then vi. */
export function editorCommand(env: NodeJS.ProcessEnv): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi'
}

/**
 * Runs the editor on `file` with the terminal to itself, then takes the screen back. The command
 * may carry arguments (`code --wait`); it is split on spaces and run without a shell, so nothing
 * in a file name becomes a command. Returns an error message, or null.
 *
 * The editor runs synchronously on purpose: while it runs, this process reads nothing from the
 * terminal (an asynchronous child would share stdin with Ink, which would take its keys), and no
 * frame is drawn over it. `redraw` gets the sequence that clears the screen and must draw the
 * whole last frame after it (Ink's `useStdout().write` does), since the editor left the screen
 * blank while Ink believes its frame is still shown.
 */
export function runEditor(
  file: string,
  env: NodeJS.ProcessEnv,
  redraw: (sequence: string) => void,
): string | null {
  const [program = 'vi', ...args] = editorCommand(env).split(/\s+/)
  const wasRaw = process.stdin.isTTY && process.stdin.isRaw
  if (process.stdin.isTTY) process.stdin.setRawMode(false)
  process.stdout.write(LEAVE_ALT)
  const result = spawnSync(program, [...args, file], { stdio: 'inherit', env })
  if (process.stdin.isTTY && wasRaw) process.stdin.setRawMode(true)
  // Back on the alternate screen first: Ink erases its last frame's lines before redrawing, and
  // on the main screen those would be the person's shell history.
  process.stdout.write(ENTER_ALT)
  redraw(CLEAR_HOME)
  if (result.error) return `Could not start ${program}: ${result.error.message}. Set $EDITOR.`
  if (result.status !== 0) return `${program} exited with status ${result.status ?? 'unknown'}.`
  return null
}
