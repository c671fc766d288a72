#!/usr/bin/env node
// Starts the `discussions` CLI. The bundle (dist/cli, made by `npm install` through the `prepare`
// script, or `npm run build:cli`) starts fastest. In a checkout where a source the bundle was
// made from is newer than the bundle, or gone, the sources run directly through tsx, so an edit
// never runs stale code. The bundle lists its sources (dist/cli/sources.json): checking those few
// hundred files costs a few milliseconds, where walking all of src/ cost more than the rest of
// this file. The bundle runs through run-bundle.cjs, which keeps a V8 code cache of it.
//
// CommonJS, as run-bundle.cjs is: an ES module entry makes Node start its ES module loader first,
// which every command paid for (about 8 ms) and none of them needs.
'use strict'
const { readFileSync, statSync } = require('node:fs')
const { join } = require('node:path')
const { pathToFileURL } = require('node:url')

const root = join(__dirname, '..')
const bundleFolder = join(root, 'dist', 'cli')
const bundle = join(bundleFolder, 'index.js')

function mtimeOf(path) {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs
}

function bundleIsCurrent() {
  const builtAt = mtimeOf(bundle)
  if (builtAt === undefined) return false
  // A copy without the sources (an installed package) has only the bundle to run.
  if (mtimeOf(join(root, 'src')) === undefined) return true
  let sources
  try {
    sources = JSON.parse(readFileSync(join(bundleFolder, 'sources.json'), 'utf8'))
  } catch {
    return false
  }
  // The names are the bundler's, relative and with forward slashes, which every platform's file
  // functions take as they are: path.join would normalise each one again, and over some 300 names,
  // before the JIT has warmed up, that cost about as much as the stats themselves.
  const prefix = `${root}/`
  for (const source of sources) {
    const changedAt = mtimeOf(prefix + source)
    if (changedAt === undefined || changedAt > builtAt) return false
  }
  return true
}

async function runSources() {
  const { register } = await import('tsx/esm/api')
  register()
  await import(pathToFileURL(join(root, 'src', 'cli', 'index.ts')).href)
}

// 'beforeExit' comes once nothing is left to do: no command work, no write or child process still
// pending. Exiting right there skips Node's own teardown (freeing the heap, 5-10 ms after a turn
// or a large parse) and changes nothing else: the 'exit' handlers run and the exit code stays.
process.once('beforeExit', () => process.exit())

if (bundleIsCurrent()) require('./run-bundle.cjs').runBundle(bundleFolder, process.argv.slice(2))
else void runSources()
