#!/usr/bin/env node
// Bundles the `discussions` CLI into dist/cli as plain ES modules: an entry that holds only the
// command table and one chunk per command (with chunks they share), so a command loads a few files
// instead of the hundreds of modules tsc's output and the dependencies are made of. Node's module
// loader, not our code, was most of every command's start-up. bin/discussions.cjs imports the
// entry with Node's compile cache on.
//
// Beside the bundle it writes dist/cli/sources.json, the source files the bundle was made from;
// bin/discussions.cjs compares their times with the bundle's so a checkout never runs stale code.
import { rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'cli')

/**
 * Our modules only declare things, so a chunk may leave out any it does not use: without this a
 * command that imports one function through a folder's index would load every module behind it.
 * The terminal UI is left as it is: it imports a module for what loading it does
 * (interactive-terminal.ts).
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
  target: 'node22',
  jsx: 'automatic',
  // Bundled CommonJS dependencies call require() for Node's built-ins (cross-spawn) and name their
  // own file (write-file-atomic's temporary names), which an ES module has not got: each file of
  // the bundle gets its own. Our sources use import.meta instead, and never declare these names.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = import.meta.filename;',
      'const __dirname = import.meta.dirname;',
    ].join(' '),
  },
  // The terminal UI's renderer stays a dependency loaded from node_modules: it carries a
  // WebAssembly layout engine and optional development tools that do not bundle.
  external: ['ink', 'react', 'react/*', 'react-devtools-core'],
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
  plugins: [sourcesWithoutSideEffects],
})

const sources = Object.keys(result.metafile.inputs)
  .filter((input) => input.startsWith('src/'))
  .sort()
await writeFile(join(outdir, 'sources.json'), `${JSON.stringify(sources, null, 1)}\n`)
// CLI_METAFILE=path writes esbuild's metafile there, to see what each chunk holds and why.
if (process.env.CLI_METAFILE)
  await writeFile(process.env.CLI_METAFILE, JSON.stringify(result.metafile, null, 1))
