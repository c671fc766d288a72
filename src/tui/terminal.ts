/**
 * The terminal around the UI: the alternate screen while it runs, and the screen, cursor and
 * keyboard mode given back on every way out (quit, Ctrl-C, a signal, a crash). Also handing the
 * terminal to `$EDITOR` and taking it back.
 */
import { spawnSync } from 'node:child_process'

import { onExit } from 'signal-exit'

const ENTER_ALT = '\u001b[?1049h\u001b[?25l'
const LEAVE_ALT = '\u001b[?25h\u001b[?1049l'

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
  return () => {
    leave()
    removeExitHook()
  }
}

/** The editor a person chose: $VISUAL, then $EDITOR, then vi. */
export function editorCommand(env: NodeJS.ProcessEnv): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi'
}

/**
 * Runs the editor on `file` with the terminal to itself, then takes the screen back. The command
 * may carry arguments (`code --wait`); it is split on spaces and run without a shell, so nothing
 * in a file name becomes a command. Returns an error message, or null.
 */
export function runEditor(file: string, env: NodeJS.ProcessEnv): string | null {
  const [program = 'vi', ...args] = editorCommand(env).split(/\s+/)
  const wasRaw = process.stdin.isTTY && process.stdin.isRaw
  if (process.stdin.isTTY) process.stdin.setRawMode(false)
  process.stdout.write(LEAVE_ALT)
  const result = spawnSync(program, [...args, file], { stdio: 'inherit', env })
  process.stdout.write(`${ENTER_ALT}\u001b[2J\u001b[H`)
  if (process.stdin.isTTY && wasRaw) process.stdin.setRawMode(true)
  if (result.error) return `Could not start ${program}: ${result.error.message}. Set $EDITOR.`
  if (result.status !== 0) return `${program} exited with status ${result.status ?? 'unknown'}.`
  return null
}
