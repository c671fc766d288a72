/**
 * The postinstall that fetches Electron's binary (scripts/install-electron.mjs), run as npm runs
 * it on `npm install` and `npm link`, beside a stand-in electron package whose install.js logs
 * each download it is asked for: it is asked only when the binary is missing, and once after a
 * download that failed, until DISCUSSIONS_ELECTRON_RETRY=1 asks again.
 */
import { spawnSync } from 'node:child_process'
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

/** A checkout with the script and an electron package whose download fails (or, with `ok`, works). */
async function checkout(download: 'fails' | 'works') {
  const root = await tempFolder('discussions-electron-')
  await mkdir(join(root, 'scripts'))
  await copyFile(
    join(ROOT, 'scripts', 'install-electron.mjs'),
    join(root, 'scripts', 'install-electron.mjs'),
  )
  const electron = join(root, 'node_modules', 'electron')
  await mkdir(electron, { recursive: true })
  await writeFile(join(electron, 'package.json'), '{"name":"electron","version":"45.5.0"}\n')
  await writeFile(
    join(electron, 'install.js'),
    `const fs = require('node:fs')
const path = require('node:path')
fs.appendFileSync(path.join(__dirname, 'downloads.log'), 'download\\n')
${
  download === 'fails'
    ? "console.error('RequestError: getaddrinfo ENOTFOUND github.com'); process.exit(1)"
    : "fs.mkdirSync(path.join(__dirname, 'dist')); fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), ''); fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron')"
}
`,
  )
  const postinstall = (env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [join(root, 'scripts', 'install-electron.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ...env },
    })
  const downloads = async () =>
    (await readFile(join(electron, 'downloads.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean).length
  return { postinstall, downloads }
}

it('asks for the binary once, and not again once it is there', async () => {
  const { postinstall, downloads } = await checkout('works')
  expect(postinstall()).toMatchObject({ status: 0, stderr: '' })
  expect(postinstall()).toMatchObject({ status: 0, stderr: '' })
  expect(await downloads()).toBe(1)
})

it('after a failed download, warns in one line and does not try again until asked', async () => {
  const { postinstall, downloads } = await checkout('fails')
  const first = postinstall()
  expect(first.status).toBe(0)
  expect(first.stderr).toMatch(
    /^warning: the Electron binary could not be downloaded \(RequestError: getaddrinfo ENOTFOUND github\.com\); the CLI and the browser mode .* work without it\.\n$/,
  )
  const again = postinstall()
  expect(again.status).toBe(0)
  expect(again.stderr).toMatch(
    /^warning: no Electron binary \(its download failed before: RequestError: getaddrinfo ENOTFOUND github\.com\); not tried again\. DISCUSSIONS_ELECTRON_RETRY=1 npm install tries again; .*\n$/,
  )
  expect(await downloads()).toBe(1)
  expect(postinstall({ DISCUSSIONS_ELECTRON_RETRY: '1' }).status).toBe(0)
  expect(await downloads()).toBe(2)
  expect(postinstall({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toMatchObject({
    status: 0,
    stderr: '',
  })
  expect(await downloads()).toBe(2)
})
