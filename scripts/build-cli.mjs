#!/usr/bin/env node
// Bundles the `discussions` CLI into dist/cli as plain ES modules (with rolldown, the bundler
// under Vite): an entry that holds only the command table and one chunk per command (with chunks
// they share), so a command loads a few files instead of the hundreds of modules tsc's output and
// the dependencies are made of. Node's module loader, not our code, was most of every command's
// start-up. bin/discussions.cjs imports the entry with Node's compile cache on.
//
// Beside the bundle it writes dist/cli/sources.json, the source files the bundle was made from;
// bin/discussions.cjs compares their times with the bundle's so a checkout never runs stale code.
import { rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

import { build } from 'rolldown'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'cli')

/** A module's path from the package root, with forward slashes. */
const fromRoot = (id) => relative(root, id).split(sep).join('/')

// Chunk names carry hashes: a new build would leave the old ones beside it.
await rm(outdir, { recursive: true, force: true })
const { output } = await build({
  cwd: root,
  // Each dynamic import() (a command, the engine's providers, council, debate) starts a chunk.
  // The terminal UI's parser runs on a worker thread, which starts from a file of its own.
  input: { index: 'src/cli/index.ts', 'tui-parse-worker': 'src/tui/parse-worker.ts' },
  platform: 'node',
  // The terminal UI's renderer stays a dependency loaded from node_modules: it carries a
  // WebAssembly layout engine and optional development tools that do not bundle.
  external: [/^ink($|\/)/, /^react($|\/)/, 'react-devtools-core'],
  // The sources import each other as `./x.js`, the name the compiled file will have.
  resolve: { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
  transform: {
    target: 'node22',
    jsx: 'react-jsx',
    // A bundled CommonJS dependency may name its own file (write-file-atomic's temporary names),
    // which an ES module has not got: it gets its chunk's.
    define: { __filename: 'import.meta.filename', __dirname: 'import.meta.dirname' },
  },
  treeshake: {
    // Our modules only declare things, so a command that imports one function through a folder's
    // index (the engine's door) gets that function's module and what it needs, not every module
    // the index names. The terminal UI is left as it is: it imports a module for what loading it
    // does (interactive-terminal.ts).
    moduleSideEffects: (id) => {
      const path = fromRoot(id)
      return !path.startsWith('src/') || path.startsWith('src/tui/')
    },
  },
  output: {
    dir: outdir,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
  logLevel: 'warn',
})

const sources = new Set()
for (const file of output)
  if (file.type === 'chunk')
    for (const id of file.moduleIds) {
      const path = fromRoot(id)
      if (path.startsWith('src/')) sources.add(path)
    }
await writeFile(join(outdir, 'sources.json'), `${JSON.stringify([...sources].sort(), null, 1)}\n`)
