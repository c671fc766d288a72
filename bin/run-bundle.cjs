// Runs the CLI bundle (dist/cli) with a V8 code cache, so a command after the first does not
// compile its code again. Node 20 keeps no compile cache for ES modules (that came in Node 22), and
// compiling was most of what a command did before it started working: an eight-persona turn
// compiles close to a megabyte of JavaScript before its first provider can start.
//
// scripts/build-cli.mjs writes each file of the bundle as the body of a CommonJS-style function.
// Here each is compiled with vm.Script, given the V8 code cache kept for it, and run once; its
// `require` hands back the bundle's other files (so each exists once), Node's built-ins and
// dependencies; `__importChunk` is the bundle's dynamic import() of its own files.
//
// The cache is the user's own: $DISCUSSIONS_CODE_CACHE (or `off`), else the platform's cache
// folder, never a discussion folder. It is kept per build, Node version and command (each warms
// what it compiles), one file per command holding every file's cache (one read, not fifty), and
// written at exit by a successful run that compiled a file the cache lacked. V8 refuses a cache
// made by another V8 or with other flags, and then the run compiles as usual and writes a new
// one. A folder that others may write into is not used: a cache is code this process runs.
'use strict'
const {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs')
const { createRequire } = require('node:module')
const { homedir } = require('node:os')
const { dirname, isAbsolute, join, relative, resolve } = require('node:path')
const { pathToFileURL } = require('node:url')
const vm = require('node:vm')

const BUILD_FOLDER = /^[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+$/
const PARAMETERS = 'exports, require, module, __filename, __dirname, __importMeta, __importChunk'

/** Where code caches live: `null` when switched off. */
function codeCacheRoot(env = process.env, platform = process.platform, home = homedir()) {
  const chosen = env.DISCUSSIONS_CODE_CACHE
  if (chosen === 'off') return null
  if (chosen) return resolve(chosen)
  // The XDG spec ignores a relative path.
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME))
    return join(env.XDG_CACHE_HOME, 'discussions', 'code')
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'discussions', 'code')
  if (platform === 'win32')
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'discussions', 'cache', 'code')
  return join(home, '.cache', 'discussions', 'code')
}

/** The command a run is for (`turn`, `status`, ...), which names its cache; `default` otherwise. */
function commandOf(argv) {
  const first = argv.find((arg) => !arg.startsWith('-'))
  return first && /^[a-z][a-z-]{0,31}$/.test(first) ? first : 'default'
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

/** True if only this user may write into `folder` (where there are users and modes). */
function ownedPrivately(folder) {
  if (typeof process.getuid !== 'function') return true
  const stats = statSync(folder, { throwIfNoEntry: false })
  return stats !== undefined && stats.uid === process.getuid() && (stats.mode & 0o022) === 0
}

/**
 * This build's cache file for `command`, its folder made if need be; null if there can be none.
 * Making a build's folder removes the other builds' folders, so the cache never outgrows one build.
 */
function cacheFileFor(root, build, command) {
  if (!root || !build) return null
  const buildFolder = join(root, `${build}-${process.version}-${process.arch}`)
  try {
    const made = mkdirSync(buildFolder, { recursive: true, mode: 0o700 })
    if (made !== undefined) {
      // Only folders named as this function names them: the root may be a folder the user chose.
      for (const name of readdirSync(root))
        if (BUILD_FOLDER.test(name) && join(root, name) !== buildFolder)
          rmSync(join(root, name), { recursive: true, force: true })
    }
  } catch {
    return null
  }
  if (!ownedPrivately(root) || !ownedPrivately(buildFolder)) return null
  return join(buildFolder, `${command}.bin`)
}

/**
 * The caches in a cache file, by bundle file: a 4-byte length, a JSON list of
 * [name, offset, length, crc32], then the caches. Empty when there is none or it is not one of
 * ours. Each cache's CRC is checked before V8 sees it: V8 checks that a cache fits its version,
 * flags and source, but not its bytes, and a damaged one crashed the process.
 */
function readCaches(cacheFile) {
  const caches = new Map()
  try {
    const bytes = readFileSync(cacheFile)
    const headerEnd = 4 + bytes.readUInt32LE(0)
    const entries = JSON.parse(bytes.toString('utf8', 4, headerEnd))
    const { crc32 } = require('node:zlib')
    for (const [name, offset, length, crc] of entries) {
      const start = headerEnd + offset
      const data = bytes.subarray(start, start + length)
      if (data.length === length && crc32(data) === crc) caches.set(name, data)
    }
  } catch {
    return new Map() // none yet, or garbage: this run makes a new one
  }
  return caches
}

/** Writes the caches beside the cache file, then renames it over: a reader never sees half. */
function writeCaches(cacheFile, caches) {
  const { crc32 } = require('node:zlib')
  const entries = []
  let offset = 0
  for (const [name, data] of caches) {
    entries.push([name, offset, data.length, crc32(data)])
    offset += data.length
  }
  const header = Buffer.from(JSON.stringify(entries))
  const length = Buffer.alloc(4)
  length.writeUInt32LE(header.length, 0)
  const temporary = `${cacheFile}.${process.pid}`
  try {
    writeFileSync(temporary, Buffer.concat([length, header, ...caches.values()]), { mode: 0o600 })
    renameSync(temporary, cacheFile)
  } catch {
    rmSync(temporary, { force: true })
  }
}

/**
 * Runs the bundle in `bundleFolder` for a CLI run with `argv`. Resolves once its entry has run
 * (the command goes on in the background as any module's top-level work does).
 */
async function runBundle(bundleFolder, argv, env = process.env) {
  const manifest = readJson(join(bundleFolder, 'manifest.json')) ?? {}
  const entry = join(bundleFolder, manifest.entry ?? 'index.js')
  const esmDependencies = manifest.esmDependencies ?? {}
  const cacheFile = cacheFileFor(codeCacheRoot(env), manifest.build, commandOf(argv))
  const caches = cacheFile ? readCaches(cacheFile) : new Map()

  const modules = new Map()
  // Each loaded file's cache: the one read, or its script when there was none to take.
  const toKeep = new Map()
  // Dependencies that are ES modules with top-level await cannot be require()d: they are imported
  // before the first file that needs them runs, and require() hands them back.
  const imported = new Map()
  const requireFrom = createRequire(entry)

  /** A bundle file as the manifest and the cache name it: `chunks/turn-X.js`. */
  const nameOf = (file) => relative(bundleFolder, file).split('\\').join('/')

  async function importDependenciesOf(file) {
    for (const name of esmDependencies[nameOf(file)] ?? []) {
      if (!imported.has(name))
        imported.set(name, await import(pathToFileURL(requireFrom.resolve(name)).href))
    }
  }

  function load(file) {
    const known = modules.get(file)
    if (known) return known.exports
    const module = { exports: {} }
    modules.set(file, module)
    const name = nameOf(file)
    const cachedData = caches.get(name)
    const source = readFileSync(file, 'utf8')
    const script = new vm.Script(`(function (${PARAMETERS}) {${source}\n})`, {
      filename: file,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    })
    const accepted = cachedData !== undefined && !script.cachedDataRejected
    toKeep.set(name, accepted ? cachedData : script)
    const here = dirname(file)
    const requireHere = (id) =>
      id.startsWith('./') || id.startsWith('../')
        ? load(join(here, id))
        : (imported.get(id) ?? requireFrom(id))
    const importChunk = async (id) => {
      const target = join(here, id)
      await importDependenciesOf(target)
      return load(target)
    }
    const importMeta = { url: pathToFileURL(file).href, dirname: here, filename: file }
    script.runInThisContext()(
      module.exports,
      requireHere,
      module,
      file,
      here,
      importMeta,
      importChunk,
    )
    return module.exports
  }

  if (cacheFile) {
    process.once('exit', (code) => {
      // A run that failed (a misspelt command among them) leaves the cache as it was, and one
      // that compiled nothing anew has nothing to add.
      const compiled = [...toKeep.values()].some((kept) => kept instanceof vm.Script)
      if (!compiled || code !== 0) return
      // Files this run did not load keep their caches, so a command's cache only ever grows.
      const all = new Map(caches)
      for (const [name, kept] of toKeep)
        all.set(name, kept instanceof vm.Script ? kept.createCachedData() : kept)
      writeCaches(cacheFile, all)
    })
  }
  // The bundle keeps what it checked by build (src/node/config/check-cache.ts); it learns its
  // build here, as only this loader reads the manifest.
  if (typeof manifest.build === 'string')
    globalThis[Symbol.for('discussions.build')] = manifest.build
  await importDependenciesOf(entry)
  load(entry)
}

module.exports = { codeCacheRoot, commandOf, runBundle }
