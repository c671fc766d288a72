/**
 * Walks a workspace for cleanup: every markdown file's `DIAGRAM:` references (discussions and
 * `.sum.md` summaries alike) and every diagram file kept in a `diagrams/` folder. Only files in
 * such folders are ever offered for deletion, so a project's own SVGs elsewhere are never touched.
 */
import type { Dirent } from 'node:fs'
import { readdir, readFile, realpath } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

import { diagramKind } from '../../core/diagrams/kinds.js'
import { findDiagramReferences } from '../../core/diagrams/references.js'
import { resolveDiagramPath } from './confine.js'

const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn', 'out', 'dist', 'build'])
const MAX_DEPTH = 10
const MAX_MARKDOWN_BYTES = 50_000_000

export interface WorkspaceDiagrams {
  /** Diagram files inside a `diagrams/` folder (real paths), sorted. */
  files: string[]
  /** Real paths something references, with who references them. */
  referenced: Map<string, string[]>
  /** Markdown files read. */
  scanned: number
}

async function entries(folder: string): Promise<Dirent[]> {
  try {
    return await readdir(folder, { withFileTypes: true })
  } catch {
    return []
  }
}

export async function scanWorkspace(root: string): Promise<WorkspaceDiagrams> {
  const realRoot = await realpath(root)
  const files: string[] = []
  const markdown: string[] = []
  const walk = async (folder: string, depth: number): Promise<void> => {
    for (const entry of await entries(folder)) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && !SKIPPED.has(entry.name) && !entry.name.startsWith('.'))
          await walk(path, depth + 1)
      } else if (entry.isFile()) {
        if (/\.md$/i.test(entry.name)) markdown.push(path)
        else if (diagramKind(entry.name) && basename(dirname(path)) === 'diagrams') files.push(path)
      }
    }
  }
  await walk(realRoot, 0)
  const referenced = new Map<string, string[]>()
  for (const file of markdown) {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch {
      continue
    }
    if (text.length > MAX_MARKDOWN_BYTES) continue
    for (const { ref } of findDiagramReferences(text)) {
      const resolved = await resolveDiagramPath(file, ref, [realRoot])
      if (!resolved.ok) continue
      const by = referenced.get(resolved.path) ?? []
      if (!by.includes(file)) by.push(file)
      referenced.set(resolved.path, by)
    }
  }
  return { files: files.sort(), referenced, scanned: markdown.length }
}

/** Diagram files in `diagrams/` folders that no markdown file under the root references. */
export async function findOrphans(root: string): Promise<{ orphans: string[]; scanned: number }> {
  const { files, referenced, scanned } = await scanWorkspace(root)
  return { orphans: files.filter((file) => !referenced.has(file)), scanned }
}
