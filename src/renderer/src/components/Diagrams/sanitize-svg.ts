/**
 * Every SVG the page shows passes here, whatever made it (PlantUML, Mermaid, a file): DOMPurify's
 * SVG profile, then hooks for what DOMPurify keeps but an untrusted picture must not have, namely
 * links and resource loads (external `href`, CSS `url()` and `@import`): the one policy of
 * `@core/diagrams/svg-policy`, which the HTML export applies too. The result is shown only
 * as an `<img>` (see `svgDataUrl`), where SVG runs no script and loads nothing: two layers.
 */
import DOMPurify from 'dompurify'

import { cleanCss, FORBIDDEN_SVG_TAGS, isSafeSvgHref } from '@core/diagrams/svg-policy'

const purify = DOMPurify(window)

purify.addHook('uponSanitizeAttribute', (_node, data) => {
  const name = data.attrName.toLowerCase()
  if (name === 'href' || name === 'xlink:href') {
    if (!isSafeSvgHref(data.attrValue)) data.keepAttr = false
  } else if (name === 'style') {
    data.attrValue = cleanCss(data.attrValue)
  } else if (name.startsWith('on')) {
    data.keepAttr = false
  }
})

purify.addHook('afterSanitizeElements', (node) => {
  if (node.nodeName.toLowerCase() === 'style' && node.textContent)
    node.textContent = cleanCss(node.textContent)
})

function sizeFromViewBox(svg: Element): void {
  const box = svg
    .getAttribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number)
  if (!box || box.length !== 4 || box.some((n) => !Number.isFinite(n))) return
  const [, , width = 0, height = 0] = box
  const fixed = (value: string | null): boolean =>
    value !== null && /^\d+(\.\d+)?(px)?$/.test(value)
  if (!fixed(svg.getAttribute('width')) || !fixed(svg.getAttribute('height'))) {
    // An <img> needs an intrinsic size; Mermaid's width="100%" gives it none.
    svg.setAttribute('width', String(Math.ceil(width)))
    svg.setAttribute('height', String(Math.ceil(height)))
    svg.removeAttribute('style')
  }
}

/** The sanitized SVG as standalone XML; null when nothing like an SVG remains. */
export function sanitizeSvg(svg: string): string | null {
  const body = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: [...FORBIDDEN_SVG_TAGS],
    RETURN_DOM: true,
  })
  const root = (body as HTMLElement).querySelector('svg')
  if (!root) return null
  sizeFromViewBox(root)
  return new XMLSerializer().serializeToString(root)
}

/** A `data:` URL for an `<img>`: the browser renders the SVG as an image, with no script. */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg)
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:image/svg+xml;base64,${btoa(binary)}`
}
