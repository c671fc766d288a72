/**
 * The diagram files of a discussion: resolving a `DIAGRAM:` reference inside the workspace (never
 * outside, as written or after symlinks), saving what the built-in editor made, and finding and
 * deleting the diagrams nothing references any more.
 */
import { dirname } from 'node:path'

import { diagramKind, extensionFor } from '../../core/diagrams/kinds.js'
import type { DiagramKind } from '../../core/diagrams/kinds.js'
import { DiscussionError } from '../../core/errors.js'
import { deleteOrphans } from '../diagrams/cleanup.js'
import type { CleanupResult } from '../diagrams/cleanup.js'
import { resolveDiagramPath } from '../diagrams/confine.js'
import type { ResolvedDiagram } from '../diagrams/confine.js'
import { saveDiagramSource, saveNewDiagram } from '../diagrams/save-diagram.js'
import { findOrphans } from '../diagrams/scan.js'
import type { EngineContext } from './engine-context.js'

/** The folders a diagram may live in when the caller names none: the project, else beside it. */
function defaultRoots(engine: EngineContext, discussion: string): string[] {
  return [engine.projectRoot ?? dirname(discussion)]
}

export function resolveDiagram(
  engine: EngineContext,
  discussion: string,
  ref: string,
  roots?: readonly string[],
): Promise<ResolvedDiagram> {
  return resolveDiagramPath(discussion, ref, roots ?? defaultRoots(engine, discussion))
}

export async function saveDiagram(
  engine: EngineContext,
  request: {
    discussion: string
    source: string
    kind: DiagramKind
    ref?: string
    roots?: readonly string[]
  },
): Promise<{ ref: string; file: string }> {
  const { discussion, source, ref, roots } = request
  if (ref === undefined) {
    const saved = await saveNewDiagram(discussion, source, {
      extension: extensionFor(request.kind),
    })
    const resolved = await resolveDiagram(engine, discussion, saved, roots)
    return { ref: saved, file: resolved.ok ? resolved.path : saved }
  }
  if (diagramKind(ref) !== request.kind)
    throw new DiscussionError(
      `${ref}: is not a ${request.kind} file; save it as a new diagram instead.`,
    )
  // Confined after links, and atomic: an editor or the watcher never sees half a diagram.
  const file = await saveDiagramSource(
    discussion,
    ref,
    source,
    roots ?? defaultRoots(engine, discussion),
  )
  return { ref, file }
}

export async function findOrphanDiagrams(
  engine: EngineContext,
  root?: string,
): Promise<{ root: string; orphans: string[]; scanned: number }> {
  const folder = root ?? engine.projectRoot ?? engine.cwd
  try {
    return { root: folder, ...(await findOrphans(folder)) }
  } catch {
    throw new DiscussionError(`${folder}: no such folder.`)
  }
}

export function deleteOrphanDiagrams(
  _engine: EngineContext,
  root: string,
  files: readonly string[],
): Promise<CleanupResult> {
  return deleteOrphans(root, files)
}
