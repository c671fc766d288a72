/**
 * What a diagram's SVG may not keep, whoever shows it (the app's page, an exported HTML page):
 * anything that runs (scripts, event handlers, animation that sets attributes), embeds other
 * documents (foreignObject, iframes) or loads a resource (an external `href`, CSS `url()` that
 * leads out of the picture, `@import`). Each sanitiser applies this one policy with its own
 * library: DOMPurify in the page, the HTML syntax tree's sanitiser in the export.
 */

/** Elements removed with everything inside them. */
export const FORBIDDEN_SVG_TAGS = [
  'foreignObject',
  'script',
  'iframe',
  'object',
  'embed',
  'animate',
  'set',
] as const

/** A link that stays inside the picture, or an inline raster image. */
const SAFE_HREF = /^(#|data:image\/(png|jpe?g|gif|webp);base64,)/i

export function isSafeSvgHref(href: string): boolean {
  return SAFE_HREF.test(href.trim())
}

// `url(#gradient)` points inside the picture; any other url() would fetch something.
const EXTERNAL_URL = /url\(\s*(?!['"]?#)[^)]*\)/gi

/** CSS with its imports removed and every url() that leads out replaced by `none`. */
export function cleanCss(css: string): string {
  return css.replace(/@import[^;]*;?/gi, '').replace(EXTERNAL_URL, 'none')
}
