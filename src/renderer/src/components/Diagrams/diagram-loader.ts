/**
 * Loads the diagrams a discussion shows. Requests made in the same moment (every thumbnail of the
 * visible comments) go to the backend as one `diagrams:render`, so PlantUML starts once for them.
 * Finished pictures are cached by content: the same source is sanitized and rendered once.
 */
import type { Api, RenderedDiagram } from '@shared/contract'
import { call } from '../../api/client'
import { renderMermaid } from './mermaid-render'
import { sanitizeSvg, svgDataUrl } from './sanitize-svg'

export interface LoadedDiagram {
  ref: string
  kind: RenderedDiagram['kind']
  source: string | null
  /** A data: URL of the sanitized SVG; null when it failed. */
  url: string | null
  error: string | null
  line: number | null
}

const byRef = new Map<string, Promise<LoadedDiagram>>()
const byContent = new Map<
  string,
  Promise<{ url: string } | { error: string; line: number | null }>
>()

interface Batch {
  refs: Map<string, { resolve: (value: RenderedDiagram) => void; reject: (e: unknown) => void }[]>
}
const batches = new Map<string, Batch>()

function requestRender(api: Api, path: string, ref: string): Promise<RenderedDiagram> {
  return new Promise((resolve, reject) => {
    let batch = batches.get(path)
    if (!batch) {
      const created: Batch = { refs: new Map() }
      batch = created
      batches.set(path, created)
      setTimeout(() => {
        batches.delete(path)
        const refs = [...created.refs.keys()]
        for (let i = 0; i < refs.length; i += 100) {
          const chunk = refs.slice(i, i + 100)
          call(api.diagrams.render({ path, refs: chunk })).then(
            (results) =>
              results.forEach((result) =>
                created.refs.get(result.ref)?.forEach((waiter) => waiter.resolve(result)),
              ),
            (error: unknown) =>
              chunk.forEach((r) => created.refs.get(r)?.forEach((waiter) => waiter.reject(error))),
          )
        }
      }, 25)
    }
    const waiting = batch.refs.get(ref) ?? []
    waiting.push({ resolve, reject })
    batch.refs.set(ref, waiting)
  })
}

/** Sanitizes and encodes an SVG, or renders Mermaid first; cached by the text itself. */
export function picture(
  kind: 'svg' | 'mermaid',
  text: string,
): Promise<{ url: string } | { error: string; line: number | null }> {
  const key = `${kind}\0${text}`
  let found = byContent.get(key)
  if (!found) {
    found = (async () => {
      let svg = text
      if (kind === 'mermaid') {
        const rendered = await renderMermaid(text)
        if ('error' in rendered) return rendered
        svg = rendered.svg
      }
      const clean = sanitizeSvg(svg)
      return clean
        ? { url: svgDataUrl(clean) }
        : { error: 'The SVG was empty after removing unsafe parts.', line: null }
    })()
    byContent.set(key, found)
  }
  return found
}

async function finish(result: RenderedDiagram): Promise<LoadedDiagram> {
  const base = { ref: result.ref, kind: result.kind, source: result.source, line: result.line }
  if (result.error) return { ...base, url: null, error: result.error }
  const shown =
    result.svg !== null
      ? await picture('svg', result.svg)
      : result.kind === 'mermaid' && result.source !== null
        ? await picture('mermaid', result.source)
        : { error: 'Nothing to show.', line: null }
  return 'url' in shown
    ? { ...base, url: shown.url, error: null }
    : { ...base, url: null, error: shown.error, line: shown.line ?? base.line }
}

/** The diagram `ref` of discussion `path`, as of `version` (a refresh or file change). */
export function loadDiagram(
  api: Api,
  path: string,
  ref: string,
  version: number,
): Promise<LoadedDiagram> {
  const key = `${path}\0${ref}\0${version}`
  let found = byRef.get(key)
  if (!found) {
    found = requestRender(api, path, ref).then(finish, (error: unknown) => ({
      ref,
      kind: null,
      source: null,
      url: null,
      error: error instanceof Error ? error.message : String(error),
      line: null,
    }))
    byRef.set(key, found)
  }
  return found
}
