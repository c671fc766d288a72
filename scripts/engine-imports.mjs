// Counts the (importing file, imported module) pairs from src/cli and src/backend into src/node:
// how many bypass the use-case layer (src/node/engine) and how many go through it.
// Usage: node scripts/engine-imports.mjs [--list]
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const list = process.argv.includes('--list')

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

const specifier = /(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g
for (const layer of ['src/cli', 'src/backend']) {
  const bypass = new Set()
  const through = new Set()
  for (const file of sources(join(root, layer))) {
    for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
      if (!match[1].startsWith('.')) continue
      const target = relative(root, resolve(dirname(file), match[1])).replace(/\.js$/, '')
      if (!target.startsWith('src/node/')) continue
      const pair = `${relative(root, file)} -> ${target}`
      ;(target.startsWith('src/node/engine/') ? through : bypass).add(pair)
    }
  }
  console.log(
    `${layer}: ${bypass.size} pairs bypass src/node/engine, ${through.size} go through it`,
  )
  if (list) for (const pair of [...bypass].sort()) console.log(`  ${pair}`)
}
