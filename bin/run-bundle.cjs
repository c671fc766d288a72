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
// what it compiles) and written once, at exit, by the run that found none; V8 refuses a cache made
// by another V8 or with other flags, and then the run compiles as usual and writes a new one. A
// folder that others may write into is not used, because a cache is code this process runs.
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
 * This build's cache folder for `command`, made if need be; null if there can be none. Making a
 * build's folder removes the other builds' folders, so the cache never outgrows one build.
 */
function cacheFolder(root, build, command) {
  if (!root || !build) return null
  const buildFolder = join(root, `${build}-${process.version}-${process.arch}`)
  const folder = join(buildFolder, command)
  try {
    const made = mkdirSync(folder, { recursive: true, mode: 0o700 })
    if (made !== undefined && made.length <= buildFolder.length) {
      // Only folders named as this function names them: the root may be a folder the user chose.
      for (const name of readdirSync(root))
        if (BUILD_FOLDER.test(name) && join(root, name) !== buildFolder)
          rmSync(join(root, name), { recursive: true, force: true })
    }
  } catch {
    return null
  }
  return ownedPrivately(root) && ownedPrivately(folder) ? folder : null
}

/**
 * Runs the bundle in `bundleFolder` for a CLI run with `argv`. Resolves once its entry has run
 * (the command goes on in the background as any module's top-level work does).
 */
async function runBundle(bundleFolder, argv, env = process.env) {
  const manifest = readJson(join(bundleFolder, 'manifest.json')) ?? {}
  const entry = join(bundleFolder, manifest.entry ?? 'index.js')
  const esmDependencies = manifest.esmDependencies ?? {}
  const folder = cacheFolder(codeCacheRoot(env), manifest.build, commandOf(argv))

  const modules = new Map()
  const toCache = []
  // Dependencies that are ES modules with top-level await cannot be require()d: they are imported
  // before the first file that needs them runs, and require() hands them back.
  const imported = new Map()
  const requireFrom = createRequire(entry)

  async function importDependenciesOf(file) {
    for (const name of esmDependencies[relative(bundleFolder, file).split('\\').join('/')] ?? []) {
      if (!imported.has(name))
        imported.set(name, await import(pathToFileURL(requireFrom.resolve(name)).href))
    }
  }

  function cacheFileOf(file) {
    return folder && join(folder, `${relative(bundleFolder, file).replace(/[\\/]/g, '_')}.bin`)
  }

  function load(file) {
    const known = modules.get(file)
    if (known) return known.exports
    const module = { exports: {} }
    modules.set(file, module)
    const cacheFile = cacheFileOf(file)
    let cachedData
    if (cacheFile) {
      try {
        cachedData = readFileSync(cacheFile)
      } catch {
        // None yet: this run makes it.
      }
    }
    const source = readFileSync(file, 'utf8')
    const script = new vm.Script(`(function (${PARAMETERS}) {${source}\n})`, {
      filename: file,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    })
    if (cacheFile && (cachedData === undefined || script.cachedDataRejected))
      toCache.push({ script, cacheFile })
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

  if (folder) process.once('exit', () => writeCaches(toCache))
  await importDependenciesOf(entry)
  load(entry)
}

/** Writes each new cache beside its final name, then renames it: a reader never sees half. */
function writeCaches(toCache) {
  for (const { script, cacheFile } of toCache) {
    const temporary = `${cacheFile}.${process.pid}`
    try {
      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 })
      renameSync(temporary, cacheFile)
    } catch {
      rmSync(temporary, { force: true })
    }
  }
}

module.exports = { codeCacheRoot, commandOf, runBundle }
