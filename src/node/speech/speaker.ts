/**
 * Read aloud in the desktop app where the page's Web Speech has no voices (common on Linux
 * Electron): `espeak-ng`, else `spd-say`, run with an argument list (never a shell) and the text on
 * stdin, so nothing in a comment can become a command. One utterance at a time; a new one stops
 * the previous. Browser mode never uses this: speech would come out of the server's speakers.
 */
import { delimiter } from 'node:path'

import { execa } from 'execa'
import type { ResultPromise } from 'execa'

import { findProgram } from '../providers/which.js'

export const MAX_SPOKEN_CHARS = 20_000

/** What a speech program prints when no sound came out (ALSA's and PulseAudio's errors). */
const SOUND_FAILURE = /\b(ALSA|pcm|audio|sound|pulse|cannot|could not|error|fail)/i

export interface SpeechProgram {
  name: 'espeak-ng' | 'spd-say'
  file: string
  args: string[]
}

export const SPEECH_INSTALL_HINT =
  'Nothing can read aloud here: install espeak-ng (Debian/Ubuntu: sudo apt install espeak-ng) ' +
  'or speech-dispatcher, or a system voice for your browser.'

/**
 * `espeak-ng`, else `spd-say`, looked for in `folders` (default: the folders of `env.PATH`); an
 * empty list finds none.
 */
export function findSpeechProgram(
  env: NodeJS.ProcessEnv,
  folders?: readonly string[],
): SpeechProgram | null {
  const where = folders === undefined ? env : { ...env, PATH: folders.join(delimiter) }
  const espeak = findProgram('espeak-ng', where)
  if (espeak) return { name: 'espeak-ng', file: espeak, args: ['--stdin'] }
  const spd = findProgram('spd-say', where)
  if (spd) return { name: 'spd-say', file: spd, args: ['--wait', '--pipe-mode'] }
  return null
}

export class Speaker {
  #current: ResultPromise | null = null

  constructor(
    private readonly program: SpeechProgram,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /**
   * Speaks the text; resolves when it has been spoken or stopped, with why nothing was heard when
   * the program failed. espeak-ng exits 0 when it cannot open the sound device, having printed
   * ALSA's errors: what it printed counts as a failure too.
   */
  async say(text: string): Promise<{ stopped: boolean; failure: string | null }> {
    this.stop()
    const child = execa(this.program.file, this.program.args, {
      input: text.slice(0, MAX_SPOKEN_CHARS),
      env: this.env,
      reject: false,
      stdout: 'ignore',
    })
    this.#current = child
    const result = await child
    if (this.#current === child) this.#current = null
    if (result.isTerminated) return { stopped: true, failure: null }
    const said = String(result.stderr ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
    const name = this.program.name
    if (result.exitCode !== 0)
      return {
        stopped: false,
        failure: `${name} failed (exit ${result.exitCode ?? 'unknown'})${said ? `: ${said}` : ''}`,
      }
    if (said && SOUND_FAILURE.test(said))
      return { stopped: false, failure: `${name} could not play sound: ${said}` }
    return { stopped: false, failure: null }
  }

  /** Stops whatever is being spoken; returns whether something was. */
  stop(): boolean {
    const child = this.#current
    this.#current = null
    if (!child) return false
    child.kill('SIGTERM')
    return true
  }
}
