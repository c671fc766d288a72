/**
 * A diagram's SVG made safe to put inline in an exported page. The SVG is untrusted (a file in
 * the repository, PlantUML's output of an untrusted source), so it is parsed as the browser will
 * parse it (an HTML parser, SVG as foreign content), kept only in the elements and attributes of
 * an allow-list, cleaned by the diagrams' one policy (`core/diagrams/svg-policy.ts`: no scripts,
 * no handlers, no link or url() that leads out of the picture), and its ids are prefixed so two
 * diagrams, or a diagram and the page, cannot take each other's anchors. The page's
 * Content-Security-Policy is the second layer: it loads nothing, whatever slipped through.
 */
import type { Element, Root, RootContent } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeSanitize from 'rehype-sanitize'
import type { Options as Schema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'

import { cleanCss, FORBIDDEN_SVG_TAGS, isSafeSvgHref } from '../../core/diagrams/svg-policy.js'

const SVG_TAGS = (
  'svg g defs title desc symbol use switch path rect circle ellipse line polyline polygon ' +
  'image text tspan textPath marker linearGradient radialGradient stop pattern clipPath ' +
  'mask filter feBlend feColorMatrix feComponentTransfer feComposite feDropShadow feFlood ' +
  'feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode feMorphology feOffset'
).split(' ')

// Property names as the HTML syntax tree names them (`stroke-width` is `strokeWidth`).
const SVG_PROPERTIES = (
  'id className style transform viewBox preserveAspectRatio version width height x y x1 x2 ' +
  'y1 y2 cx cy r rx ry fx fy d points pathLength dx dy rotate lengthAdjust textLength fill ' +
  'fillOpacity fillRule clipRule clipPath clipPathUnits mask stroke strokeWidth ' +
  'strokeOpacity strokeDashArray strokeDashOffset strokeLineCap strokeLineJoin ' +
  'strokeMiterLimit opacity color visibility display overflow vectorEffect shapeRendering ' +
  'textRendering paintOrder fontFamily fontSize fontStyle fontWeight fontVariant textAnchor ' +
  'textDecoration dominantBaseline alignmentBaseline baselineShift letterSpacing ' +
  'wordSpacing writingMode direction xmlSpace markerStart markerMid markerEnd markerWidth ' +
  'markerHeight markerUnits refX refY orient gradientUnits gradientTransform spreadMethod ' +
  'offset stopColor stopOpacity patternUnits patternContentUnits patternTransform filter ' +
  'filterUnits primitiveUnits in in2 result mode values type operator k1 k2 k3 k4 ' +
  'stdDeviation floodColor floodOpacity tableValues slope intercept amplitude exponent ' +
  'radius href xLinkHref role ariaLabel ariaHidden'
).split(' ')

const schema: Schema = {
  tagNames: SVG_TAGS,
  attributes: { '*': SVG_PROPERTIES },
  // Links are checked below by the diagrams' policy; here any value passes the protocol check.
  protocols: {},
  clobber: [],
  clobberPrefix: '',
  strip: [...FORBIDDEN_SVG_TAGS, 'style', 'noscript', 'template'],
  allowComments: false,
  allowDoctypes: false,
}

// A url() that leads out of the picture, in any attribute (fill="url(https://...)").
const EXTERNAL_URL = /url\(\s*(?!['"]?#)/i

const isElement = (node: RootContent | Root): node is Element => node.type === 'element'

/** Drops what the policy refuses, and prefixes every id and the references to them. */
function applyPolicy(node: Element, prefix: string): void {
  const props = node.properties
  for (const [name, value] of Object.entries(props)) {
    if (typeof value !== 'string') continue
    if (name === 'href' || name === 'xLinkHref') {
      if (!isSafeSvgHref(value)) delete props[name]
      else if (value.trim().startsWith('#')) props[name] = `#${prefix}${value.trim().slice(1)}`
    } else if (name === 'style') props[name] = cleanCss(value)
    else if (EXTERNAL_URL.test(value)) delete props[name]
    if (typeof props[name] === 'string')
      props[name] = props[name].replace(/url\(\s*(['"]?)#/g, `url($1#${prefix}`)
  }
  if (typeof props.id === 'string') props.id = `${prefix}${props.id}`
  for (const child of node.children) if (isElement(child)) applyPolicy(child, prefix)
}

const parser = unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, schema)

const serializer = unified().use(rehypeStringify)

/**
 * The first `<svg>` of `svg`, sanitized, with ids prefixed by `prefix` and named for assistive
 * technology by `label`; null when no SVG is left.
 */
export function inlineSvg(svg: string, prefix: string, label: string): string | null {
  const tree = parser.runSync(parser.parse(svg))
  const root = findSvg(tree)
  if (!root) return null
  applyPolicy(root, prefix)
  root.properties = { ...root.properties, role: 'img', ariaLabel: label }
  return serializer.stringify({ type: 'root', children: [root] })
}

function findSvg(node: Root | Element): Element | null {
  for (const child of node.children) {
    if (!isElement(child)) continue
    if (child.tagName === 'svg') return child
    const found = findSvg(child)
    if (found) return found
  }
  return null
}
