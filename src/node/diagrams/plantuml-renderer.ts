/**
 * The DiagramRenderer for PlantUML. Each source is cut to the text PlantUML will see, refused when
 * it is empty, too large or uses a blocked directive, answered from a cache keyed by content, and
 * otherwise rendered by the program's shared pool of sandboxed PlantUML processes (or, with no
 * usable local PlantUML, by a PlantUML server the user configured or trusted). SVG for the app,
 * Unicode text art for terminals.
 */
import { createHash } from 'node:crypto'

import { describeBlocked, findBlockedDirectives } from '../../core/diagrams/blocklist.js'
import { preparePlantUml } from '../../core/diagrams/plantuml-source.js'
import type { DiagramRender, DiagramRenderer, DiagramSource } from '../../core/diagrams/port.js'
import { findGraphviz } from './graphviz.js'
import { findSandboxedPlantUml, notRendered } from './plantuml-jar.js'
import type { PlantUmlCommand } from './plantuml-jar.js'
import { parsePipeOutput, svgFromPipe } from './plantuml-output.js'
import { sharedPlantUmlPool } from './plantuml-pool.js'
import type { PlantUmlPool } from './plantuml-pool.js'
import type { PlantUmlFormat } from './plantuml-process.js'
import { renderWithServer } from './plantuml-server.js'

export { NO_JAVA, NO_PLANTUML } from './plantuml-jar.js'

/** Larger diagram sources are refused before rendering. */
export const MAX_SOURCE_BYTES = 100_000
const CACHE_ENTRIES = 300

export interface RenderLimits {
  /** For one diagram. */
  timeoutMs: number
  /** Bytes of output for one diagram. */
  maxOutputBytes: number
}

export const DEFAULT_LIMITS: RenderLimits = { timeoutMs: 30_000, maxOutputBytes: 20_000_000 }

export interface PlantUmlStatus {
  /** How PlantUML runs: the local sandboxed jar, the server, or null when it cannot. */
  engine: { kind: 'local'; origin: string } | { kind: 'server'; url: string } | null
  /** Why there is no local PlantUML (what to install or change); null when there is one. */
  problem: string | null
  graphviz: string | null
}

export interface PlantUmlRendererOptions {
  env: NodeJS.ProcessEnv
  /** Base URL of a PlantUML server the user chose or trusted; used only without a local PlantUML. */
  server?: string | null
  limits?: RenderLimits
  /** The pool to render with; default: the program's shared pool. */
  pool?: (command: PlantUmlCommand) => PlantUmlPool
}

/** A diagram as terminal text art (`-tutxt`). */
export type DiagramTextRender =
  { ok: true; text: string } | { ok: false; error: string; line?: number }

function cacheKey(format: PlantUmlFormat, source: string): string {
  return createHash('sha256').update(format).update('\0').update(source).digest('hex')
}

/** Results the source alone decides; a timeout or a missing program may pass, so is not kept. */
function decidedBySource(result: DiagramRender): boolean {
  return (
    result.ok || /^(PlantUML (syntax )?error|Refused to render|No diagram found)/.test(result.error)
  )
}

export class PlantUmlRenderer implements DiagramRenderer {
  readonly #cache = new Map<string, DiagramRender>()
  /** The same source asked for twice at once is rendered once. */
  readonly #inFlight = new Map<string, Promise<DiagramRender>>()

  constructor(private readonly options: PlantUmlRendererOptions) {}

  async status(): Promise<PlantUmlStatus> {
    const setup = await findSandboxedPlantUml(this.options.env)
    const server = this.options.server ?? null
    return {
      engine: setup.ok
        ? { kind: 'local', origin: `PlantUML ${setup.command.version} (${setup.command.origin})` }
        : server
          ? { kind: 'server', url: server }
          : null,
      problem: setup.ok ? null : setup.problem,
      graphviz: findGraphviz(this.options.env),
    }
  }

  render(sources: readonly DiagramSource[]): Promise<DiagramRender[]> {
    return Promise.all(sources.map(({ source }) => this.#renderOne('svg', source)))
  }

  /** Unicode text art for a terminal, through the same processes. */
  async renderText(source: string): Promise<DiagramTextRender> {
    const result = await this.#renderOne('utxt', source)
    return result.ok ? { ok: true, text: result.svg } : result
  }

  async #renderOne(format: PlantUmlFormat, source: string): Promise<DiagramRender> {
    const key = cacheKey(format, source)
    const cached = this.#cache.get(key) ?? this.#inFlight.get(key)
    if (cached) return cached
    const rendering = this.#renderFresh(format, source)
    this.#inFlight.set(key, rendering)
    try {
      const result = await rendering
      if (decidedBySource(result)) this.#remember(key, result)
      return result
    } finally {
      this.#inFlight.delete(key)
    }
  }

  async #renderFresh(format: PlantUmlFormat, source: string): Promise<DiagramRender> {
    if (Buffer.byteLength(source) > MAX_SOURCE_BYTES)
      return { ok: false, error: `The diagram is larger than ${MAX_SOURCE_BYTES / 1000} KB.` }
    const prepared = preparePlantUml(source)
    if (!prepared.ok) return prepared
    const blocked = findBlockedDirectives(prepared.text)
    const [first] = blocked
    if (first)
      return {
        ok: false,
        error: describeBlocked(blocked, prepared.lineOffset),
        line: first.line + prepared.lineOffset,
      }
    const limits = this.options.limits ?? DEFAULT_LIMITS
    const setup = await findSandboxedPlantUml(this.options.env)
    if (setup.ok) {
      const pool = (this.options.pool ?? sharedPlantUmlPool)(setup.command)
      const ran = await pool.render({ format, text: prepared.text, ...limits })
      if (!ran.ok) return { ok: false, error: ran.error }
      const parsed = parsePipeOutput(ran.output, prepared.text, prepared.lineOffset)
      if (!parsed.ok) return parsed
      if (format === 'utxt') return { ok: true, svg: parsed.output.replace(/\s+$/, '') }
      const svg = svgFromPipe(parsed.output)
      return svg.ok ? { ok: true, svg: svg.output } : { ok: false, error: svg.error }
    }
    const server = this.options.server
    if (!server || format !== 'svg') return { ok: false, error: notRendered(setup.summary) }
    return renderWithServer(server, prepared.text, {
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxOutputBytes,
    })
  }

  #remember(key: string, result: DiagramRender): void {
    this.#cache.delete(key)
    this.#cache.set(key, result)
    if (this.#cache.size > CACHE_ENTRIES) {
      const oldest = this.#cache.keys().next().value
      if (oldest !== undefined) this.#cache.delete(oldest)
    }
  }
}
