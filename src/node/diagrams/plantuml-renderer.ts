/**
 * The DiagramRenderer for PlantUML: refuses blocked directives, caps the size, answers repeated
 * sources from a cache keyed by content, and renders the rest in one local PlantUML start (or,
 * with none installed, through the configured server).
 */
import { createHash } from 'node:crypto'

import { describeBlocked, findBlockedDirectives } from '../../core/diagrams/blocklist.js'
import type { DiagramRender, DiagramRenderer, DiagramSource } from '../../core/diagrams/port.js'
import { findGraphviz } from './graphviz.js'
import { DEFAULT_LIMITS, findLocalPlantUml, renderWithLocalPlantUml } from './plantuml-local.js'
import type { PlantUmlCommand, RenderLimits } from './plantuml-local.js'
import { renderWithServer } from './plantuml-server.js'

/** Larger diagram sources are refused before rendering. */
export const MAX_SOURCE_BYTES = 100_000
const CACHE_ENTRIES = 300

export const NO_PLANTUML =
  'PlantUML is not installed. Install it (Debian/Ubuntu: sudo apt install plantuml graphviz; ' +
  'macOS: brew install plantuml), or set PLANTUML_JAR to a plantuml.jar (java needed), or set ' +
  'plantuml_server in discussions.yaml to a PlantUML server you trust.'

export interface PlantUmlStatus {
  /** How PlantUML runs: the local command, the server, or null when it cannot. */
  engine: { kind: 'local'; origin: string } | { kind: 'server'; url: string } | null
  graphviz: string | null
}

export interface PlantUmlRendererOptions {
  env: NodeJS.ProcessEnv
  /** Base URL of a PlantUML server; used only without a local PlantUML. */
  server?: string | null
  limits?: RenderLimits
}

function cacheKey(source: string): string {
  return createHash('sha256').update(source).digest('hex')
}

export class PlantUmlRenderer implements DiagramRenderer {
  readonly #cache = new Map<string, DiagramRender>()
  #local: Promise<PlantUmlCommand | null> | null = null

  constructor(private readonly options: PlantUmlRendererOptions) {}

  #findLocal(): Promise<PlantUmlCommand | null> {
    return (this.#local ??= findLocalPlantUml(this.options.env))
  }

  async status(): Promise<PlantUmlStatus> {
    const local = await this.#findLocal()
    const server = this.options.server ?? null
    return {
      engine: local
        ? { kind: 'local', origin: local.origin }
        : server
          ? { kind: 'server', url: server }
          : null,
      graphviz: await findGraphviz(this.options.env),
    }
  }

  async render(sources: readonly DiagramSource[]): Promise<DiagramRender[]> {
    const results: (DiagramRender | undefined)[] = sources.map(({ source }) => {
      if (Buffer.byteLength(source) > MAX_SOURCE_BYTES)
        return { ok: false, error: `The diagram is larger than ${MAX_SOURCE_BYTES / 1000} KB.` }
      const blocked = findBlockedDirectives(source)
      if (blocked.length > 0)
        return { ok: false, error: describeBlocked(blocked), line: blocked[0]?.line }
      return this.#cache.get(cacheKey(source))
    })
    const todo = sources.flatMap((entry, index) => (results[index] ? [] : [{ entry, index }]))
    if (todo.length > 0) {
      // The same source twice in one request is rendered once.
      const unique = [...new Set(todo.map(({ entry }) => entry.source))]
      const rendered = await this.#renderFresh(unique)
      const bySource = new Map(unique.map((source, index) => [source, rendered[index]]))
      for (const { entry, index } of todo) {
        const result = bySource.get(entry.source) ?? { ok: false, error: 'Not rendered.' }
        results[index] = result
        this.#remember(entry.source, result)
      }
    }
    return results.map((result) => result ?? { ok: false, error: 'Not rendered.' })
  }

  async #renderFresh(sources: string[]): Promise<DiagramRender[]> {
    const local = await this.#findLocal()
    const limits = this.options.limits ?? DEFAULT_LIMITS
    if (local) return renderWithLocalPlantUml(local, sources, limits)
    const server = this.options.server
    if (!server) return sources.map(() => ({ ok: false, error: NO_PLANTUML }))
    return Promise.all(
      sources.map((source) =>
        renderWithServer(server, source, {
          timeoutMs: limits.timeoutMs,
          maxBytes: limits.maxOutputBytes,
        }),
      ),
    )
  }

  #remember(source: string, result: DiagramRender): void {
    // Timeouts and missing programs may pass; only what the source itself decides is kept.
    if (!result.ok && !/syntax error/i.test(result.error)) return
    const key = cacheKey(source)
    this.#cache.delete(key)
    this.#cache.set(key, result)
    if (this.#cache.size > CACHE_ENTRIES) {
      const oldest = this.#cache.keys().next().value
      if (oldest !== undefined) this.#cache.delete(oldest)
    }
  }
}
