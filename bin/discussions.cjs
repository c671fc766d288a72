#!/usr/bin/env node
// Starts the `discussions` CLI. The bundle (dist/cli, made by `npm install` through the `prepare`
// script, or `npm run build:cli`) starts fastest. In a checkout where a source the bundle was
// made from is newer than the bundle, or gone, the sources run directly through tsx, so an edit
// never runs stale code. The bundle lists its sources (dist/cli/sources.json): checking those few
// hundred files costs a few milliseconds, where walking all of src/ cost more than the rest of
// this file.
//
// CommonJS written for old Nodes: a Node older than the one the CLI needs must still read this
// file to the end to say so, rather than fail on syntax it does not know.
'use strict'

var MINIMUM = [22, 12]

function nodeIsTooOld(version) {
  var parts = version.split('.').map(Number)
  return parts[0] < MINIMUM[0] || (parts[0] === MINIMUM[0] && parts[1] < MINIMUM[1])
}

if (nodeIsTooOld(process.versions.node)) {
  process.stderr.write(
    'discussions needs Node.js ' +
      MINIMUM.join('.') +
      ' or newer, and this is ' +
      process.version +
      ': install a current LTS from https://nodejs.org or with your version manager (nvm install --lts).\n',
  )
  process.exit(2)
}

var fs = require('node:fs')
var path = require('node:path')
var url = require('node:url')
var os = require('node:os')

var root = path.join(__dirname, '..')
var bundleFolder = path.join(root, 'dist', 'cli')
var bundle = path.join(bundleFolder, 'index.js')

/**
 * The folder for Node's compile cache: NODE_COMPILE_CACHE when set (Node then enabled the cache
 * itself, before this file ran), else the user's own cache folder. Never the shared temporary
 * folder Node picks by default: what is in a compile cache is code this process runs.
 */
function compileCacheFolder(env) {
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE
  var home = os.homedir()
  var base
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) base = env.XDG_CACHE_HOME
  else if (process.platform === 'darwin') base = path.join(home, 'Library', 'Caches')
  else if (process.platform === 'win32')
    base = env.LOCALAPPDATA || path.join(home, 'AppData', 'Local')
  else base = path.join(home, '.cache')
  return path.join(base, 'discussions', 'compile-cache')
}

function mtimeOf(file) {
  var stats = fs.statSync(file, { throwIfNoEntry: false })
  return stats === undefined ? undefined : stats.mtimeMs
}

function bundleIsCurrent() {
  var builtAt = mtimeOf(bundle)
  if (builtAt === undefined) return false
  // A copy without the sources (an installed package) has only the bundle to run.
  if (mtimeOf(path.join(root, 'src')) === undefined) return true
  var sources
  try {
    sources = JSON.parse(fs.readFileSync(path.join(bundleFolder, 'sources.json'), 'utf8'))
  } catch {
    return false
  }
  // The names are the bundler's, relative and with forward slashes, which every platform's file
  // functions take as they are: path.join would normalise each one again.
  var prefix = root + '/'
  for (var i = 0; i < sources.length; i++) {
    var changedAt = mtimeOf(prefix + sources[i])
    if (changedAt === undefined || changedAt > builtAt) return false
  }
  return true
}

async function runSources() {
  var tsx = await import('tsx/esm/api')
  tsx.register()
  await import(url.pathToFileURL(path.join(root, 'src', 'cli', 'index.ts')).href)
}

// Node's own compile cache (22.1+): a command after the first does not compile its code again.
// Node checks each entry against the source it was made from and its own version and flags.
// NODE_DISABLE_COMPILE_CACHE=1 switches it off.
var nodeModule = require('node:module')
if (typeof nodeModule.enableCompileCache === 'function') {
  try {
    nodeModule.enableCompileCache(compileCacheFolder(process.env))
  } catch {
    // A folder that cannot be made only means compiling as usual.
  }
}

// 'beforeExit' comes once nothing is left to do: no command work, no write or child process still
// pending. Exiting right there skips Node's own teardown (freeing the heap, 5-10 ms after a turn
// or a large parse) and changes nothing else: the 'exit' handlers run and the exit code stays.
process.once('beforeExit', function () {
  process.exit()
})

if (bundleIsCurrent()) void import(url.pathToFileURL(bundle).href)
else void runSources()
