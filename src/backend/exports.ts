/**
 * exports:*: a discussion's decision as an ADR, and the discussion as one HTML page, written
 * inside the folder the person opened (the project's own ADR folders when the project lies
 * inside it). A file that is there is not replaced: the answer says so, and the page asks the
 * person before it asks again with `force`.
 */
import { ExportExistsError, isBelow } from '../node/engine/index.js'
import type { Engine } from '../node/engine/index.js'
import type { ExportWritten } from '../shared/contract/index.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'

/** Where exports may be written: the project when it lies inside the opened folder, else the folder. */
function rootFor(engine: Engine, folder: string): string {
  const project = engine.projectRoot
  return project !== null && (project === folder || isBelow(folder, project)) ? project : folder
}

async function unlessExists(write: () => Promise<ExportWritten>): Promise<ExportWritten> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof ExportExistsError) return { written: false, file: error.file }
    throw error
  }
}

export function exportsHandlers({ workspace, engines }: BackendContext): DomainHandlers<'exports'> {
  return {
    handlers: {
      'exports:adr': async ({ path, flavor, force }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        return unlessExists(async () => {
          const adr = await engine.exportAdr(inside.path, {
            flavor,
            force: force === true,
            root: rootFor(engine, inside.folder),
          })
          return {
            written: true,
            file: adr.file,
            detail: `${adr.flavor}, ${adr.status}`,
            replaced: adr.replaced,
          }
        })
      },
      'exports:html': async ({ path, force }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        return unlessExists(async () => {
          const page = await engine.exportHtml(inside.path, {
            force: force === true,
            root: rootFor(engine, inside.folder),
            diagramRoots: workspace.folders,
          })
          const diagrams = page.diagrams === 1 ? '1 diagram' : `${page.diagrams} diagrams`
          return { written: true, file: page.file, detail: diagrams, replaced: page.replaced }
        })
      },
    },
  }
}
