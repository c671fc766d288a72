#!/usr/bin/env node
// Electron's own install script downloads its binary and fails the whole `npm install` when the
// download host is unreachable. package.json turns that script off ("allowScripts") and this
// postinstall runs it instead, so a failed download becomes one warning line: the CLI, the tests
// and the browser mode (`discussions ui --web`) work without the binary.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

function electronInstallScript() {
  try {
    return join(dirname(require.resolve('electron/package.json')), 'install.js')
  } catch {
    return null // electron is a dev dependency: absent in a production install
  }
}

const script = electronInstallScript()
if (!script || !existsSync(script)) process.exit(0)
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) process.exit(0)

const result = spawnSync(process.execPath, [script], {
  stdio: ['ignore', 'ignore', 'pipe'],
  timeout: 5 * 60 * 1000,
  encoding: 'utf8',
})
if (result.status !== 0) {
  const reason = (result.stderr || result.error?.message || 'unknown error')
    .split('\n')
    .find((line) => /error/i.test(line))
  console.warn(
    `warning: the Electron binary could not be downloaded (${(reason ?? 'download failed').trim().slice(0, 160)}); ` +
      'the CLI and the browser mode (`npx discussions ui --web`) work without it.',
  )
}
