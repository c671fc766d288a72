#!/usr/bin/env node
// Starts the `discussions` CLI. The compiled build (dist/, made by `npm install` through the
// `prepare` script) starts fastest; in a checkout whose sources are newer than that build, the
// sources run directly through tsx, so an edit never runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const compiled = join(root, 'dist', 'lib', 'cli', 'index.js')
const sources = join(root, 'src')

function newestMtime(folder) {
  let newest = 0
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path))
    else if (/\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

const compiledIsCurrent =
  existsSync(compiled) &&
  (!existsSync(sources) || statSync(compiled).mtimeMs >= newestMtime(sources))

if (compiledIsCurrent) {
  await import(pathToFileURL(compiled).href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import(pathToFileURL(join(sources, 'cli', 'index.ts')).href)
}
