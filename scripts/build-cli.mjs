#!/usr/bin/env node
// Bundles the `discussions` CLI into dist/cli: an entry that holds only the command table and
// one chunk per command (with chunks they share), so a command loads a few files instead of the
// hundreds of modules tsc's output and the dependencies are made of. Node's module loader, not our
// code, was most of every command's start-up.
//
// Beside the bundle it writes dist/cli/sources.json, the source files the bundle was made from;
// bin/discussions.cjs compares their times with the bundle's so a checkout never runs stale code.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { build, transform } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'cli')

/**
 * Our modules only declare things, so a chunk may leave out any it does not use: without this a
 * command that imports one function through the engine's door (src/node/engine/index.ts) would
 * load every module behind it, providers and their subprocess library included. The terminal UI
 * is left as it is: it imports a module for what loading it does (interactive-terminal.ts).
 */
const sourcesWithoutSideEffects = {
  name: 'sources-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === 'resolving') return undefined
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      })
      const path = relative(root, resolved.path)
      if (resolved.errors.length > 0 || !path.startsWith('src/') || path.startsWith('src/tui/'))
        return resolved
      return { ...resolved, sideEffects: false }
    })
  },
}

/** A `.js` specifier as TypeScript sources write it, to the `.ts`/`.tsx` file it names. */
function sourceFile(fromDir, specifier) {
  const path = join(fromDir, specifier)
  for (const candidate of [path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), path])
    if (existsSync(candidate)) return candidate
  return null
}

const REEXPORT = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g
const REEXPORT_ALL = /export\s*\*\s*from\s*'([^']+)'/g

/** `a as b` -> { imported: 'a', local: 'b' }; null for a type-only name. */
function specifierOf(text) {
  const trimmed = text.trim()
  if (trimmed === '' || /^type\s/.test(trimmed)) return null
  const [imported, local = imported] = trimmed.split(/\s+as\s+/)
  return { imported, local }
}

/** The module that defines `name` as `file` exports it, following re-exports; null if unsure. */
async function definingModule(file, name, seen = new Set()) {
  if (seen.has(file)) return null
  seen.add(file)
  const text = await readFile(file, 'utf8')
  for (const [, typeOnly, names, from] of text.matchAll(REEXPORT)) {
    if (typeOnly) continue
    for (const part of names.split(',')) {
      const specifier = specifierOf(part)
      if (specifier?.local !== name) continue
      const target = sourceFile(dirname(file), from)
      return target && definingModule(target, specifier.imported, seen)
    }
  }
  const declared = new RegExp(
    `export\\s+(declare\\s+)?(abstract\\s+)?(async\\s+)?(function\\*?|class|const|let|enum)\\s+${name}\\b`,
  )
  if (declared.test(text)) return { file, name }
  for (const [, from] of text.matchAll(REEXPORT_ALL)) {
    const target = sourceFile(dirname(file), from)
    const found = target && (await definingModule(target, name, new Set(seen)))
    if (found) return found
  }
  return null
}

/**
 * Imports through the engine's door (src/node/engine/index.ts) become imports from the modules
 * that define each name. esbuild decides which chunks a command loads by following whole files,
 * so a command importing one function through the door would load every module the door
 * re-exports for any command (the app's PlantUML renderer, speech, provider setup). The source
 * keeps the door (an ESLint rule holds CLI code to it); only the bundle takes the short way.
 */
const engineDoor = join(root, 'src', 'node', 'engine', 'index.ts')
const importsPastTheDoor = {
  name: 'imports-past-the-engine-door',
  setup(build) {
    build.onLoad({ filter: /[/\\]src[/\\].*\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8')
      if (!text.includes('engine/index.js')) return undefined
      const statement = /import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g
      let rewritten = ''
      let last = 0
      for (const match of text.matchAll(statement)) {
        const [whole, names, from] = match
        if (sourceFile(dirname(args.path), from) !== engineDoor) continue
        const byModule = new Map()
        let unsure = false
        for (const part of names.split(',')) {
          const specifier = specifierOf(part)
          if (!specifier) continue
          const found = await definingModule(engineDoor, specifier.imported)
          if (!found) {
            unsure = true
            break
          }
          const list = byModule.get(found.file) ?? []
          list.push(`${found.name} as ${specifier.local}`)
          byModule.set(found.file, list)
        }
        if (unsure) continue
        const direct = [...byModule]
          .map(([file, list]) => {
            const path = relative(dirname(args.path), file).replace(/\.tsx?$/, '.js')
            return `import { ${list.join(', ')} } from '${path.startsWith('.') ? path : `./${path}`}'`
          })
          .join('; ')
        rewritten += text.slice(last, match.index) + direct
        last = match.index + whole.length
      }
      if (last === 0) return undefined
      rewritten += text.slice(last)
      return { contents: rewritten, loader: args.path.endsWith('x') ? 'tsx' : 'ts' }
    })
  },
}

const DYNAMIC_IMPORT_OF_OUR_FILE = /\bimport\("(\.\.?\/[^"]+)"\)/g

/**
 * One bundle file as the body of a CommonJS-style function, which bin/run-bundle.cjs compiles with
 * a V8 code cache (Node 20 has none for ES modules): import/export become require()/exports,
 * `import.meta` the file's own, and an import() of another bundle file `__importChunk`.
 * import() of anything else (a dependency that is an ES module) stays as it is.
 */
async function asFunctionBody(output, dynamicImports) {
  let found = 0
  const text = output.text.replace(DYNAMIC_IMPORT_OF_OUR_FILE, (_whole, path) => {
    found += 1
    return `__importChunk(${JSON.stringify(path)})`
  })
  // Text that only looks like an import() (in a string) would be changed too: refuse to guess.
  if (found !== dynamicImports)
    throw new Error(
      `${output.path}: ${found} import() of bundle files, esbuild made ${dynamicImports}`,
    )
  const body = await transform(text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'import.meta': '__importMeta' },
    supported: { 'dynamic-import': true },
    logLevel: 'error',
  })
  return body.code
}

/** True if the package `name` resolves to an ES module (which may use top-level await). */
function isEsModule(name) {
  const file = requireFromRoot.resolve(name)
  if (file.endsWith('.mjs')) return true
  if (file.endsWith('.cjs')) return false
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).type === 'module'
  }
  return false
}

/**
 * For each bundle file, the dependencies that are ES modules among everything it loads without
 * waiting (its static imports, theirs, ...): Node 20 cannot require() one with top-level await
 * (Ink's layout engine has one), so the runner imports them first.
 */
function esmDependenciesOf(outputs) {
  const closure = (path, seen = new Set()) => {
    if (seen.has(path)) return seen
    seen.add(path)
    for (const imported of outputs[path]?.imports ?? [])
      if (imported.kind === 'import-statement') closure(imported.path, seen)
    return seen
  }
  const result = {}
  for (const path of Object.keys(outputs)) {
    if (!path.endsWith('.js')) continue
    const names = new Set()
    for (const reached of closure(path))
      for (const imported of outputs[reached]?.imports ?? [])
        if (
          imported.external &&
          imported.kind === 'import-statement' &&
          !imported.path.startsWith('node:') &&
          isEsModule(imported.path)
        )
          names.add(imported.path)
    if (names.size > 0) result[relative(outdir, join(root, path))] = [...names].sort()
  }
  return result
}

const requireFromRoot = createRequire(join(root, 'package.json'))

// Chunk names carry hashes: a new build would leave the old ones beside it.
await rm(outdir, { recursive: true, force: true })
const result = await build({
  absWorkingDir: root,
  entryPoints: { index: 'src/cli/index.ts' },
  outdir,
  bundle: true,
  // Each dynamic import() (a command, the engine's providers, council, debate) becomes its own chunk.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  // The terminal UI's renderer stays a dependency loaded from node_modules: it carries a
  // WebAssembly layout engine and optional development tools that do not bundle.
  external: ['ink', 'react', 'react/*', 'react-devtools-core'],
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  write: false,
  logLevel: 'warning',
  plugins: [sourcesWithoutSideEffects, importsPastTheDoor],
})

const build_ = createHash('sha256')
for (const output of result.outputFiles) {
  const key = relative(root, output.path)
  const dynamicImports = (result.metafile.outputs[key]?.imports ?? []).filter(
    (imported) => imported.kind === 'dynamic-import' && !imported.external,
  ).length
  const body = await asFunctionBody(output, dynamicImports)
  build_.update(`${relative(outdir, output.path)}\n${body}\n`)
  await mkdir(dirname(output.path), { recursive: true })
  await writeFile(output.path, body)
}
const manifest = {
  // Names this build's code caches: a cache is only ever used for the text it was made from.
  build: build_.digest('hex').slice(0, 16),
  entry: 'index.js',
  esmDependencies: esmDependenciesOf(result.metafile.outputs),
}
await writeFile(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`)

const sources = Object.keys(result.metafile.inputs)
  .filter((input) => input.startsWith('src/'))
  .map((input) => relative(root, join(root, input)))
  .sort()
await writeFile(join(outdir, 'sources.json'), `${JSON.stringify(sources, null, 1)}\n`)
// CLI_METAFILE=path writes esbuild's metafile there, to see what each chunk holds and why.
if (process.env.CLI_METAFILE)
  await writeFile(process.env.CLI_METAFILE, JSON.stringify(result.metafile, null, 1))
