/**
 * Read aloud says when nothing was heard, in a real terminal (tmux): espeak-ng exits 0 yet prints
 * ALSA's errors when there is no sound device (as on this kind of machine), and a speech program
 * may fail outright; either way the status line says so instead of "Reading aloud…".
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import type { TmuxTerminal } from './tmux-terminal.js'
import { closeTerminalsAfterEach, script, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

/** Opens a discussion with speech programs looked for in `speech`, and reads a comment aloud. */
async function readAloud(
  env: Record<string, string>,
  folder: string,
  speech: string,
): Promise<TmuxTerminal> {
  const terminal = start(
    { ...env, DISCUSSIONS_SPEECH_PATH: speech },
    [join(folder, 'add-user-authentication.md')],
    { columns: 120, rows: 40 },
  )
  await terminal.waitFor('Add User Authentication ·')
  terminal.press('n')
  await terminal.waitFor('▌ AI-Architect')
  terminal.press('l')
  return terminal
}

coldThenWarm(
  'the terminal UI reading aloud',
  (pass) => {
    const cases = [
      {
        what: 'prints ALSA errors and exits 0',
        body: `cat > /dev/null; echo "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default" >&2; exit 0`,
        said: /Could not read aloud: espeak-ng could not play sound: ALSA lib pcm\.c/,
      },
      {
        what: 'exits 3',
        body: 'cat > /dev/null; echo "espeak-ng: no voice" >&2; exit 3',
        said: /Could not read aloud: espeak-ng failed \(exit 3\): espeak-ng: no voice/,
      },
    ]
    for (const { what, body, said } of cases)
      it(`reports a speech program that ${what} (${pass})`, async () => {
        const { root, folder, env } = await workspace()
        const speech = join(root, 'speech')
        await mkdir(speech)
        await script(speech, 'espeak-ng', body)
        const terminal = await readAloud(env, folder, speech)
        const failed = await terminal.waitFor(said)
        await transcript('120x40', `speech-${what.replace(/\W+/g, '-')}-${pass}`, failed)
        expect(failed).not.toContain('Reading aloud…')
        terminal.press('q')
        await terminal.waitFor('[exited 0]')
      }, 120_000)

    it.skipIf(!existsSync('/usr/bin/espeak-ng'))(
      `reports the real espeak-ng when it cannot reach a sound device (${pass})`,
      async () => {
        const { folder, env } = await workspace()
        const terminal = await readAloud(env, folder, '/usr/bin')
        // With a sound device it is heard (and says nothing); without one, it must say so.
        const shown = await terminal.waitFor(/Could not read aloud|Reading aloud/)
        if (!existsSync('/dev/snd')) {
          const failed = await terminal.waitFor('Could not read aloud: espeak-ng')
          await transcript('120x40', `speech-real-${pass}`, failed)
        } else expect(shown).toMatch(/Reading aloud/)
        terminal.press('q')
        await terminal.waitFor('[exited 0]')
      },
      120_000,
    )
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
