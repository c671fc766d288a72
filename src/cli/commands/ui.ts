import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

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
import { loadCliContext } from '../context.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'

function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535)
    throw new InvalidArgumentError(`"${value}" is not a port (0-65535; 0 picks a free one).`)
  return port
}

async function folderToOpen(io: CliIO, folder: string | undefined): Promise<string> {
  if (folder !== undefined) {
    const path = resolve(io.cwd, folder)
    if (!existsSync(path) || !statSync(path).isDirectory())
      throw new CliError(`${folder}: no such folder.`)
    return path
  }
  const configured = (await loadCliContext(io)).discussionsDir
  return existsSync(configured) ? configured : io.cwd
}

function untilStopped(): Promise<void> {
  return new Promise((done) => {
    process.once('SIGINT', () => done())
    process.once('SIGTERM', () => done())
  })
}

async function browserMode(io: CliIO, folder: string, port: number | undefined): Promise<void> {
  await ensureBuilt(io, false)
  const server = await serveBrowserMode({
    folder,
    port,
    rendererDir: rendererDir(),
    env: process.env,
    version: packageVersion(),
    onUnexpectedError: (channel, error) =>
      io.stderr.write(
        `${channel}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      ),
  })
  io.stdout.write(
    `Orchestrated Discussions on ${folder}\n` +
      `Open in your browser: ${server.url}\n` +
      'The part after # signs the page in (keep it to yourself); the link works until you stop. Press Ctrl+C to stop.\n',
  )
  await untilStopped()
  await server.close()
}

function desktopApp(binary: string, folder: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(binary, [electronMain()], {
      stdio: 'inherit',
      env: { ...process.env, DISCUSSIONS_UI_FOLDER: folder },
    })
    child.on('error', fail)
    child.on('close', () => done())
  })
}

export function registerUi(program: Command, io: CliIO): void {
  program
    .command('ui')
    .description('Open the app on a folder of discussions: the desktop window, or your browser.')
    .argument('[folder]', 'folder to open (default: output.directory of the config, else here)')
    .option('--web', 'serve the app to your browser on 127.0.0.1 instead of a desktop window')
    .option('-p, --port <port>', 'port for --web (default: any free port)', parsePort)
    .action(async (folderArgument, options) => {
      const folder = await folderToOpen(io, folderArgument)
      if (options.web) return browserMode(io, folder, options.port)
      const binary = electronBinary()
      if (binary) {
        await ensureBuilt(io, true)
        return desktopApp(binary, folder)
      }
      io.stdout.write(
        'The desktop app is not available here (Electron binary not installed); serving the same app to your browser instead.\n',
      )
      return browserMode(io, folder, options.port)
    })
}
