/**
 * What `discussions ui` needs on disk: the built renderer (`out/`, made by `npm run build`) and,
 * for the desktop window, Electron's binary, which is missing where its download was blocked.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

import { packageRoot } from '../node/engine/index.js'
import { CliError } from './errors.js'
import type { CliIO } from './io.js'

export const rendererDir = (): string => join(packageRoot(), 'out', 'renderer')
export const electronMain = (): string => join(packageRoot(), 'out', 'main', 'index.js')

export function packageVersion(): string {
  const data = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version?: string
  }
  return data.version ?? '0.0.0'
}

/**
 * The Electron executable when it is installed; null when its download never completed. Found as
 * the electron package finds it (its path.txt, or ELECTRON_OVERRIDE_DIST_PATH) without loading
 * the package, which since Electron 41 starts the download then and there, printing its failure
 * where the binary's host cannot be reached.
 */
export function electronBinary(env: NodeJS.ProcessEnv): string | null {
  try {
    const manifest = createRequire(join(packageRoot(), 'package.json')).resolve(
      'electron/package.json',
    )
    const folder = dirname(manifest)
    const pathFile = join(folder, 'path.txt')
    const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : ''
    const override = env.ELECTRON_OVERRIDE_DIST_PATH
    const path = override ? join(override, name || 'electron') : name && join(folder, 'dist', name)
    return path && existsSync(path) ? path : null
  } catch {
    return null // electron is a development dependency: absent from a production install
  }
}

function run(command: string, args: string[], cwd: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('error', reject)
    child.on('close', resolve)
  })
}

/** Builds the app with electron-vite when `out/` is missing or incomplete (a fresh checkout). */
export async function ensureBuilt(io: CliIO, needMain: boolean): Promise<void> {
  const built =
    existsSync(join(rendererDir(), 'index.html')) && (!needMain || existsSync(electronMain()))
  if (built) return
  const root = packageRoot()
  const cli = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
  if (!existsSync(cli))
    throw new CliError(`The app is not built: run \`npm run build\` in ${root} first.`)
  io.stderr.write('Building the app (first run, a few seconds)...\n')
  const code = await run(process.execPath, [cli, 'build'], root)
  if (code !== 0 || !existsSync(join(rendererDir(), 'index.html')))
    throw new CliError(`Building the app failed: run \`npm run build\` in ${root} to see why.`)
}
