#!/usr/bin/env node
// The house in figures: lines per layer (code and tests apart), the largest files and the largest
// functions. Used to show what a clean-up changed: run it before and after and compare the tables.
//
//   node scripts/house-figures.mjs [repository folder, default: this one] [--top N]
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parseArgs } from 'node:util'

import ts from 'typescript'

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '10' } },
  allowPositionals: true,
})
const root = positionals[0] ?? process.cwd()
const top = Number(values.top)
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/
const TEST = /\.(test|spec)\.(ts|tsx|mts|mjs|js)$/

/** Every source file below `folder`, as paths relative to the repository. */
function sourceFiles(folder) {
  const found = []
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (SOURCE.test(entry.name)) found.push(relative(root, path).split(sep).join('/'))
    }
  }
  try {
    if (statSync(join(root, folder)).isDirectory()) walk(join(root, folder))
  } catch {
    // a folder the tree does not have counts as empty
  }
  return found.sort()
}

const lineCount = (text) =>
  text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0)

const files = sourceFiles('src').map((path) => {
  const text = readFileSync(join(root, path), 'utf8')
  return { path, text, lines: lineCount(text), test: TEST.test(path) }
})

// Lines per layer: src/<layer>, plus the test folders outside src.
const layers = new Map()
for (const file of files) {
  const parts = file.path.split('/')
  const layer = parts.length > 2 ? `src/${parts[1]}` : 'src (top level)'
  const row = layers.get(layer) ?? { files: 0, code: 0, tests: 0 }
  row.files += 1
  if (file.test) row.tests += file.lines
  else row.code += file.lines
  layers.set(layer, row)
}
for (const folder of ['test', 'e2e', 'bench']) {
  const row = { files: 0, code: 0, tests: 0 }
  for (const path of sourceFiles(folder)) {
    row.files += 1
    row.tests += lineCount(readFileSync(join(root, path), 'utf8'))
  }
  layers.set(folder, row)
}

const table = (title, header, rows) => {
  console.log(`\n## ${title}\n`)
  console.log(`| ${header.join(' | ')} |`)
  console.log(`| ${header.map(() => '---').join(' | ')} |`)
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
}

const total = { files: 0, code: 0, tests: 0 }
const layerRows = [...layers].map(([layer, row]) => {
  total.files += row.files
  total.code += row.code
  total.tests += row.tests
  return [layer, row.files, row.code, row.tests]
})
layerRows.push(['total', total.files, total.code, total.tests])
table('Lines per layer', ['layer', 'files', 'code lines', 'test lines'], layerRows)

const code = files.filter((file) => !file.test)
table(
  `The ${top} largest source files (tests excluded)`,
  ['file', 'lines'],
  [...code]
    .sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path))
    .slice(0, top)
    .map((file) => [file.path, file.lines]),
)

/** Every function-like node with a name a reader can find: declarations, methods, named arrows. */
function functionsOf(file) {
  const source = ts.createSourceFile(
    file.path,
    file.text,
    ts.ScriptTarget.Latest,
    true,
    file.path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found = []
  const nameOf = (node) => {
    if (node.name && ts.isIdentifier(node.name)) return node.name.text
    if (node.name && (ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name)))
      return node.name.text
    if (ts.isConstructorDeclaration(node)) return 'constructor'
    const parent = node.parent
    if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
      return parent.name.text
    if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source)
    if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(source)}(…)`
    return '(anonymous)'
  }
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      found.push({ file: file.path, line: start + 1, name: nameOf(node), lines: end - start + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

table(
  `The ${top} largest functions (tests excluded)`,
  ['function', 'where', 'lines'],
  code
    .flatMap(functionsOf)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file))
    .slice(0, top)
    .map((fn) => [fn.name, `${fn.file}:${fn.line}`, fn.lines]),
)
