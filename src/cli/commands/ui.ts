import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

import { InvalidArgumentError } from '@commander-js/extra-typings'
import type { Command } from '@commander-js/extra-typings'

import { serveBrowserMode } from '../../server/index.js'
import {
  electronBinary,
  electronMain,
  ensureBuilt,
  packageVersion,
  rendererDir,
} from '../app-build.js'
import { loadCliContext, warnIgnoredSettings } from '../context.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'
import { retireShortFlag } from '../retired-flags.js'

function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535)
    throw new InvalidArgumentError(`"${value}" is not a port (0-65535; 0 picks a free one).`)
  return port
}

interface Target {
  folder: string
  /** A discussion to open at start, when the path named one. */
  file: string | null
}

/** The folder to open, and the discussion when PATH is a file; a missing PATH says so. */
async function targetToOpen(io: CliIO, path: string | undefined): Promise<Target> {
  warnIgnoredSettings(io)
  if (path !== undefined) {
    const resolved = resolve(io.cwd, path)
    if (!existsSync(resolved))
      throw new CliError(
        `${path}: no such file or folder. Give a folder of discussions or one discussion file (\`discussions list\` shows them).`,
      )
    if (statSync(resolved).isDirectory()) return { folder: resolved, file: null }
    return { folder: dirname(resolved), file: resolved }
  }
  const configured = (await loadCliContext(io)).discussionsDir
  return { folder: existsSync(configured) ? configured : io.cwd, file: null }
}

/**
 * The renderer's route to a discussion, at a comment when `at` names one (numbered as `parse`
 * numbers them; see src/renderer/src/lib/route.ts).
 */
function discussionRoute(file: string, at: number | null): string {
  return `/discussion?${new URLSearchParams({ path: file, ...(at !== null ? { comment: String(at) } : {}) })}`
}

/** Appended to the browser link's `#token=...`: the discussion to start on (session-token.ts). */
function openParameter(file: string | null, at: number | null): string {
  return file === null ? '' : `&open=${encodeURIComponent(discussionRoute(file, at))}`
}

function parseComment(value: string): number {
  const at = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(at))
    throw new InvalidArgumentError(
      'give a comment number as `discussions parse` numbers them, from 0 (e.g. --at 12).',
    )
  return at
}

function untilStopped(): Promise<void> {
  return new Promise((done) => {
    process.once('SIGINT', () => done())
    process.once('SIGTERM', () => done())
  })
}

async function browserMode(
  io: CliIO,
  target: Target,
  port: number | undefined,
  at: number | null,
): Promise<void> {
  const { folder } = target
  await ensureBuilt(io, false)
  const server = await serveBrowserMode({
    folder,
    port,
    rendererDir: rendererDir(),
    env: io.env,
    version: packageVersion(),
    onUnexpectedError: (channel, error) =>
      io.stderr.write(
        `${channel}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      ),
  })
  io.stdout.write(
    `Orchestrated Discussions on ${folder}\n` +
      `Open in your browser: ${server.url}${openParameter(target.file, at)}\n` +
      'The part after # signs the page in (keep it to yourself); the link works until you stop. Press Ctrl+C to stop.\n',
  )
  await untilStopped()
  await server.close()
}

function desktopApp(
  binary: string,
  target: Target,
  env: NodeJS.ProcessEnv,
  at: number | null,
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(binary, [electronMain()], {
      stdio: 'inherit',
      env: {
        ...env,
        DISCUSSIONS_UI_FOLDER: target.folder,
        ...(target.file !== null
          ? { DISCUSSIONS_UI_ROUTE: `#${discussionRoute(target.file, at)}` }
          : {}),
      },
    })
    child.on('error', fail)
    child.on('close', () => done())
  })
}

export function registerUi(program: Command, io: CliIO): void {
  retireShortFlag(program.command('ui'), '-p', '--port')
    .description(
      'Open the app on a folder of discussions, or on one discussion: the desktop window, or your browser.',
    )
    .argument(
      '[path]',
      'a folder, or a discussion to open (default: output.directory of the config, else here)',
    )
    .option('--web', 'serve the app to your browser on 127.0.0.1 instead of a desktop window')
    .option('--tui', 'the terminal UI, for SSH and terminals (docs/tui.md)')
    .option('--port <port>', 'port for --web (default: any free port)', parsePort)
    .option(
      '--at <comment>',
      'open the discussion at this comment (numbered as `parse` numbers them)',
      parseComment,
    )
    .action(async (pathArgument, options) => {
      const target = await targetToOpen(io, pathArgument)
      const at = options.at ?? null
      if (at !== null && target.file === null)
        throw new CliError('--at opens a discussion at a comment: name the discussion file too.')
      if (options.tui) {
        if (options.web) throw new CliError('Choose one of --tui and --web.')
        // Ink and React load only here, so no other command pays for them.
        const { runTui } = await import('../../tui/index.js')
        return runTui({ ...target, at, cwd: io.cwd, env: io.env })
      }
      if (options.web) return browserMode(io, target, options.port, at)
      const binary = electronBinary(io.env)
      if (binary) {
        await ensureBuilt(io, true)
        return desktopApp(binary, target, io.env, at)
      }
      io.stdout.write(
        'The desktop app is not available here (Electron binary not installed); serving the same app to your browser instead.\n',
      )
      return browserMode(io, target, options.port, at)
    })
}
