#!/usr/bin/env node
// Electron's own install script downloads its binary and fails the whole `npm install` when the
// download host is unreachable. package.json turns that script off ("allowScripts") and this
// postinstall runs it instead, so a failed download becomes one warning line: the CLI, the tests
// and the browser mode (`discussions ui --web`) work without the binary.
//
// npm runs this again on every `npm link` and `npm install` of the checkout. It asks for the
// binary only when it is missing, and once per installed Electron package: a download that
// failed is noted in that package's folder (a reinstalled Electron starts clean), and not tried
// again until DISCUSSIONS_ELECTRON_RETRY=1 asks for it.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

function electronFolder() {
  try {
    return dirname(require.resolve('electron/package.json'))
  } catch {
    return null // electron is a dev dependency: absent in a production install
  }
}

/** Whether the binary is there, found as the electron package finds it (its path.txt). */
function binaryInstalled(folder) {
  const pathFile = join(folder, 'path.txt')
  if (!existsSync(pathFile)) return false
  const name = readFileSync(pathFile, 'utf8').trim()
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  return name !== '' && existsSync(override ? join(override, name) : join(folder, 'dist', name))
}

const folder = electronFolder()
const script = folder && join(folder, 'install.js')
if (!script || !existsSync(script)) process.exit(0)
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) process.exit(0)
if (binaryInstalled(folder)) process.exit(0)

const failedBefore = join(folder, '.download-failed')
if (existsSync(failedBefore) && process.env.DISCUSSIONS_ELECTRON_RETRY !== '1') {
  console.warn(
    `warning: no Electron binary (its download failed before: ${readFileSync(failedBefore, 'utf8').trim()}); ` +
      'not tried again. DISCUSSIONS_ELECTRON_RETRY=1 npm install tries again; `npx discussions ui --web` works without it.',
  )
  process.exit(0)
}

const result = spawnSync(process.execPath, [script], {
  stdio: ['ignore', 'ignore', 'pipe'],
  timeout: 5 * 60 * 1000,
  encoding: 'utf8',
})
if (result.status !== 0) {
  const reason = (
    (result.stderr || result.error?.message || 'unknown error')
      .split('\n')
      .find((line) => /error/i.test(line)) ?? 'download failed'
  )
    .trim()
    .slice(0, 160)
  writeFileSync(failedBefore, `${reason}\n`)
  console.warn(
    `warning: the Electron binary could not be downloaded (${reason}); ` +
      'the CLI and the browser mode (`npx discussions ui --web`) work without it.',
  )
} else rmSync(failedBefore, { force: true })
