/**
 * diagrams:*: the `DIAGRAM:` references of a discussion, read only inside the workspace and
 * rendered (PlantUML here, by the program's shared sandboxed PlantUML processes; Mermaid in the page), the built-in
 * editor's preview and save, opening a source in the person's editor, and cleanup of orphans.
 * SVG leaves here unsanitized on purpose: the page sanitizes every SVG it shows, whatever made it.
 */
import { findDiagramReferences } from '../core/diagrams/references.js'
import { diagramKind } from '../core/diagrams/kinds.js'
import {
  GRAPHVIZ_HINT,
  MAX_SOURCE_BYTES,
  PlantUmlRenderer,
  readTextUpTo,
} from '../node/engine/index.js'
import type { Engine } from '../node/engine/index.js'
import type { DiagramEntry, RenderedDiagram } from '../shared/contract/index.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { BackendError } from './infra/errors.js'

const MAX_SVG_FILE = 5_000_000

/** One renderer per PlantUML server setting, so each keeps its cache (all share one PlantUML pool). */
class Renderers {
  readonly #byServer = new Map<string, PlantUmlRenderer>()
  constructor(private readonly env: NodeJS.ProcessEnv) {}
  for(server: string | null): PlantUmlRenderer {
    let renderer = this.#byServer.get(server ?? '')
    if (!renderer) {
      renderer = new PlantUmlRenderer({ env: this.env, server })
      this.#byServer.set(server ?? '', renderer)
    }
    return renderer
  }
}

const BUILT_IN = { opened: false, message: 'Opening it in the built-in editor.' }

export function diagramsHandlers({
  workspace,
  engines,
  env,
}: BackendContext): DomainHandlers<'diagrams'> {
  const renderers = new Renderers(env)
  const rendererFor = async (folder: string): Promise<PlantUmlRenderer> =>
    renderers.for((await (await engines.for(folder)).plantUmlServer()).server)
  // Confined to every open folder, not only the discussion's project.
  const resolveRef = (engine: Engine, discussion: string, ref: string) =>
    engine.resolveDiagram(discussion, ref, workspace.folders)

  return {
    handlers: {
      'diagrams:list': async ({ path }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const { view } = await engine.load(inside.path)
        const diagrams: DiagramEntry[] = []
        for (const [index, comment] of view.comments.entries()) {
          for (const { ref, line } of findDiagramReferences(comment.body)) {
            const resolved = await resolveRef(engine, inside.path, ref)
            const kind = diagramKind(ref)
            diagrams.push({
              ref,
              kind,
              file: resolved.ok ? resolved.path : null,
              exists: resolved.ok && resolved.exists,
              problem: !resolved.ok
                ? resolved.problem
                : !kind
                  ? `${ref}: not a diagram (.puml, .mmd or .svg).`
                  : resolved.exists
                    ? null
                    : `${ref}: no such file.`,
              comment: index,
              author: comment.author,
              line: comment.line + line, // the body starts on the line after `Name:`
            })
          }
        }
        const setting = await engine.plantUmlServer()
        const status = await renderers.for(setting.server).status()
        const hints: string[] = []
        if (!status.engine && status.problem) hints.push(status.problem)
        if (!status.engine && setting.skipped) hints.push(setting.skipped)
        if (status.engine?.kind === 'local' && !status.graphviz) hints.push(GRAPHVIZ_HINT)
        return {
          diagrams,
          support: {
            plantuml: status.engine?.kind ?? null,
            graphviz: status.graphviz !== null,
            hints,
          },
        }
      },

      'diagrams:render': async ({ path, refs }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const results: RenderedDiagram[] = []
        const plantuml: { index: number; source: string; name: string }[] = []
        for (const ref of refs) {
          const kind = diagramKind(ref)
          const failed = (error: string, source: string | null = null): RenderedDiagram => ({
            ref,
            kind,
            source,
            svg: null,
            error,
            line: null,
          })
          const resolved = await resolveRef(engine, inside.path, ref)
          if (!resolved.ok) results.push(failed(resolved.problem))
          else if (!kind) results.push(failed(`${ref}: not a diagram (.puml, .mmd or .svg).`))
          else if (!resolved.exists) results.push(failed(`${ref}: no such file.`))
          else {
            let source: string
            try {
              source = await readTextUpTo(
                resolved.path,
                kind === 'svg' ? MAX_SVG_FILE : MAX_SOURCE_BYTES,
              )
            } catch (error) {
              results.push(failed(error instanceof Error ? error.message : String(error)))
              continue
            }
            if (kind === 'svg')
              results.push({ ref, kind, source: null, svg: source, error: null, line: null })
            else {
              results.push({ ref, kind, source, svg: null, error: null, line: null })
              if (kind === 'plantuml')
                plantuml.push({ index: results.length - 1, source, name: ref })
            }
          }
        }
        if (plantuml.length > 0) {
          const rendered = await (await rendererFor(inside.folder)).render(plantuml)
          plantuml.forEach(({ index }, i) => {
            const result = rendered[i]
            const entry = results[index]
            if (!entry || !result) return
            if (result.ok) entry.svg = result.svg
            else {
              entry.error = result.error
              entry.line = result.line ?? null
            }
          })
        }
        return results
      },

      'diagrams:preview': async ({ source }) => {
        const [result] = await (
          await rendererFor(workspace.defaultFolder())
        ).render([{ name: 'preview', source }])
        if (!result) return { svg: null, error: 'Not rendered.', line: null }
        return result.ok
          ? { svg: result.svg, error: null, line: null }
          : { svg: null, error: result.error, line: result.line ?? null }
      },

      'diagrams:save': async ({ path, kind, source, ref }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        return engine.saveDiagram({
          discussion: inside.path,
          source,
          kind,
          ...(ref !== undefined ? { ref } : {}),
          roots: workspace.folders,
        })
      },

      'diagrams:open': async ({ path, ref }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const resolved = await resolveRef(engine, inside.path, ref)
        if (!resolved.ok) throw new BackendError(resolved.problem)
        if (!resolved.exists) throw new BackendError(`${ref}: no such file.`)
        // Only diagrams, by the name written and by the file it really is (a link named a.puml may
        // lead to a .desktop), and never with the system's default action, which runs programs.
        if (!diagramKind(ref) || !diagramKind(resolved.path))
          throw new BackendError(`${ref}: not a diagram (.puml, .mmd or .svg); only diagrams open.`)
        const opened = await engine.openDiagramInEditor({
          discussion: inside.path,
          file: resolved.path,
          roots: workspace.folders,
        })
        return opened.kind === 'built-in'
          ? BUILT_IN
          : { opened: opened.kind === 'opened', message: opened.message }
      },

      'diagrams:orphans': async ({ folder }) => {
        const inside = await workspace.resolveFolder(folder)
        const engine = await engines.for(inside.folder)
        const { orphans } = await engine.findOrphanDiagrams(inside.folder)
        return { folder: inside.folder, files: orphans }
      },

      'diagrams:deleteOrphans': async ({ folder, files }) => {
        const inside = await workspace.resolveFolder(folder)
        return (await engines.for(inside.folder)).deleteOrphanDiagrams(inside.folder, files)
      },
    },
  }
}
