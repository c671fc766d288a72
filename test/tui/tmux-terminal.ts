/**
 * A real terminal for tests: a detached tmux session of a given size running one command;
 * `type` and `press` send keys as a person would, `screen` reads what is shown, `waitFor` waits
 * until the screen shows something (or fails with what it showed instead).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'

export function tmuxAvailable(): boolean {
  return spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0
}

export class TmuxTerminal {
  readonly #socket = `discussions-tui-${randomBytes(4).toString('hex')}`

  /**
   * `afterwards`: shell commands run in the pane once the program has ended (default: wait), as
   * `exec sh -i` to give the person a shell prompt in the same terminal.
   */
  constructor(
    command: readonly string[],
    size: { columns: number; rows: number },
    cwd: string,
    afterwards = 'sleep 600',
  ) {
    // The pane stays after the program ends, showing how it ended.
    const shell = ['sh', '-c', `"$@"; echo "[exited $?]"; ${afterwards}`, 'sh', ...command]
    this.#tmux(
      'new-session',
      '-d',
      '-s',
      'tui',
      '-x',
      String(size.columns),
      '-y',
      String(size.rows),
      '-c',
      cwd,
      ...shell,
    )
  }

  #tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.#socket, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
    })
  }

  /** Types text literally, one key at a time. */
  type(text: string): void {
    // A lone ";" ends a tmux command; escaped, it is sent as the key.
    for (const char of text) this.#tmux('send-keys', '-t', 'tui', '-l', char === ';' ? '\\;' : char)
  }

  /** Presses named keys: Enter, Escape, Up, Down, PageUp, End, Tab, C-s, C-c... */
  press(...keys: string[]): void {
    for (const key of keys) this.#tmux('send-keys', '-t', 'tui', key)
  }

  /** Presses named keys in one tmux call: they reach the program together, as a paste does. */
  pressTogether(...keys: string[]): void {
    this.#tmux('send-keys', '-t', 'tui', ...keys)
  }

  /** A tmux format of the pane: `#{alternate_on}`, `#{cursor_flag}`... */
  pane(format: string): string {
    return this.#tmux('display-message', '-p', '-t', 'tui', format).trim()
  }

  /** Lets the program set tmux's clipboard (its paste buffer) with OSC 52, as a terminal would. */
  acceptClipboard(): void {
    this.#tmux('set-option', '-s', 'set-clipboard', 'on')
  }

  /** What the program last put on the clipboard (tmux's newest paste buffer); '' for nothing. */
  clipboard(): string {
    try {
      return this.#tmux('show-buffer')
    } catch {
      return ''
    }
  }

  /** The program the pane runs: the pane's shell's one child (`env` execs the program). */
  programPid(): number | null {
    const shell = this.pane('#{pane_pid}')
    const found = spawnSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' })
    const pid = Number(found.stdout.trim().split(/\s+/)[0])
    return Number.isInteger(pid) && pid > 0 ? pid : null
  }

  /** Sets a tmux option of this terminal's server (`set-clipboard on` ...). */
  setOption(name: string, value: string): void {
    this.#tmux('set-option', '-g', name, value)
  }

  /** Appends every byte the program sends to the terminal to `file`, from now on. */
  record(file: string): void {
    this.#tmux('pipe-pane', '-t', 'tui', `cat >> '${file.replaceAll("'", "'\\''")}'`)
  }

  /** tmux's paste buffers, one a line: what a program's OSC 52 put there (with set-clipboard on). */
  buffers(): string {
    return this.#tmux('list-buffers').trim()
  }

  /** What is shown; with `escapes`, including the colour and style sequences. */
  screen(escapes = false): string {
    return this.#tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', 'tui')
  }

  async waitFor(wanted: string | RegExp, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const shown = this.screen()
      const matches = (screen: string): boolean =>
        typeof wanted === 'string' ? screen.includes(wanted) : wanted.test(screen)
      if (matches(shown)) {
        // Returned once the screen has settled, as a person reads before the next key: a
        // screen just drawn may not listen to keys yet.
        await new Promise((done) => setTimeout(done, 150))
        const settled = this.screen()
        if (settled === shown) return settled
        continue
      }
      if (Date.now() > deadline)
        throw new Error(`The screen never showed ${String(wanted)}; it shows:\n${shown}`)
      await new Promise((done) => setTimeout(done, 100))
    }
  }

  close(): void {
    try {
      this.#tmux('kill-server')
    } catch {
      // already gone
    }
  }
}
