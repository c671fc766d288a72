#!/usr/bin/env node
// npm's `prepare` (run by `npm install` and `npm link` of the checkout): builds the library
// (dist/lib) and the CLI bundle (dist/cli), each only when what it is made from changed.
// - The library is compiled by tsc in incremental mode: tsc's build info (dist/lib/.tsbuildinfo,
//   beside what it describes, so deleting dist/lib starts clean) records each source's hash, and
//   an unchanged checkout is checked, not compiled again.
// - The bundle is rebuilt unless it is newer than every source it lists (dist/cli/sources.json,
//   the list bin/discussions.cjs checks too), its build script and the lockfile.
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

function mtime(file) {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

function bundleIsCurrent() {
  const builtAt = mtime(join(root, 'dist', 'cli', 'index.js'))
  if (builtAt === undefined) return false
  let sources
  try {
    sources = JSON.parse(readFileSync(join(root, 'dist', 'cli', 'sources.json'), 'utf8'))
  } catch {
    return false
  }
  const inputs = [...sources, 'scripts/build-cli.mjs', 'package-lock.json']
  return inputs.every((file) => {
    const changedAt = mtime(join(root, file))
    return changedAt !== undefined && changedAt <= builtAt
  })
}

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
run(process.execPath, [
  tsc,
  '-p',
  'tsconfig.lib.json',
  '--incremental',
  '--tsBuildInfoFile',
  'dist/lib/.tsbuildinfo',
])
if (bundleIsCurrent()) console.log('The CLI bundle (dist/cli) is up to date.')
else run(process.execPath, [join(root, 'scripts', 'build-cli.mjs')])
