/**
 * `discussions ui --tui`: the terminal UI, loaded only when asked for. Draws with Ink on the
 * alternate screen and gives the terminal back however it ends.
 */
import { delimiter } from 'node:path'

import { createElement } from 'react'

import { openEngine } from '../node/engine/index.js'
import { declareInteractive } from './interactive-terminal.js'
import { TuiSession } from './session.js'
import { takeScreen } from './terminal.js'
import { colorsWanted } from './theme.js'

export interface TuiOptions {
  folder: string
  /** A discussion to open at start. */
  file: string | null
  /** The comment to open it at, numbered as `parse` numbers them; null for the top. */
  at?: number | null
  cwd: string
  env: NodeJS.ProcessEnv
}

/** Runs until the person quits; throws when there is no terminal to draw on. */
export async function runTui(options: TuiOptions): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    throw new Error(
      'The terminal UI needs a terminal (stdin and stdout are not one here). Use `discussions status` or `discussions ui --web` instead.',
    )
  // The settings (providers, personas, the artifact editor and its trust) of the project the
  // discussions belong to, wherever the command was typed, as the app does for its folders.
  const engine = await openEngine({ cwd: options.folder, env: options.env })
  const speechPath = options.env.DISCUSSIONS_SPEECH_PATH
  const session = new TuiSession(engine, options.folder, {
    ...(speechPath !== undefined
      ? { speechFolders: speechPath.split(delimiter).filter((folder) => folder !== '') }
      : {}),
  })
  // Ink and the screens (which import Ink) load only now: Ink decides when it loads whether it
  // runs under CI, and a static import would load it before anything here runs (in the bundled
  // CLI, imports of packages are hoisted above the chunk's own code).
  declareInteractive(options.env)
  const [{ render }, { App }] = await Promise.all([import('ink'), import('./app.js')])
  const giveBack = takeScreen()
  try {
    const instance = render(
      createElement(App, {
        session,
        file: options.file,
        at: options.at ?? null,
        colors: colorsWanted(options.env),
      }),
      { exitOnCtrlC: false, patchConsole: true },
    )
    crashForTests(options.env.DISCUSSIONS_TUI_TEST_CRASH)
    await instance.waitUntilExit()
  } finally {
    session.stopSpeaking()
    giveBack()
  }
}

/**
 * For the tests that check the terminal is given back after a crash: `DISCUSSIONS_TUI_TEST_CRASH=
 * <ms>` throws an uncaught error that many milliseconds after the UI has drawn. Here at the entry
 * point, so no screen or workflow carries a test's branch.
 */
function crashForTests(after: string | undefined): void {
  const ms = Number(after)
  if (after === undefined || !Number.isFinite(ms)) return
  setTimeout(() => {
    throw new Error('A crash asked for by DISCUSSIONS_TUI_TEST_CRASH.')
  }, ms)
}
