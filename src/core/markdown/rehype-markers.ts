/**
 * A rehype plugin that runs after rehype-sanitize: it marks the paragraphs and list items that
 * start with a marker (Q:, TODO:, DECISION:, CONCERN:, DIAGRAM:, VOTE: ...) and wraps @mentions,
 * so CSS can highlight them. It only adds fixed class names; it never copies text into attributes.
 *
 * Markers are line-based (as the parser reads them), but markdown joins consecutive lines into one
 * paragraph, so `Q: a` directly followed by `CONCERN: b` would be one block labelled Q. A
 * paragraph is therefore split before every line that starts with a marker: each marker line
 * starts its own block, which keeps the lines that follow it up to the next marker line (the
 * author's hard-wrapped continuation); lines before the first marker stay a plain paragraph.
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast'

const MARKER = /^\s*(q|question|todo|action|decision|concern|diagram|vote|assigned|done)\s*:/i
const KINDS: Record<string, string> = {
  q: 'question',
  question: 'question',
  todo: 'todo',
  action: 'todo',
  decision: 'decision',
  concern: 'concern',
  diagram: 'diagram',
  vote: 'vote',
  assigned: 'todo',
  done: 'done',
}
// As core's findMentions: an @ after a word character, dot or another @ is an address.
const MENTION = /(?<![\w.@+-])@([a-z0-9](?:[\w.-]*[a-z0-9_])?)/gi
const NO_MENTIONS = new Set(['code', 'pre', 'a'])

const isElement = (node: RootContent | ElementContent): node is Element => node.type === 'element'

function span(className: string[], text: string): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { className },
    children: [{ type: 'text', value: text }],
  }
}

/** The first text of a block, looking through leading bold/italic and a task box. */
function leadingText(node: Element): { parent: Element; index: number; text: Text } | null {
  for (let index = 0; index < node.children.length; index++) {
    const child = node.children[index]
    if (!child) continue
    if (child.type === 'text') {
      if (child.value.trim() === '') continue
      return { parent: node, index, text: child }
    }
    if (isElement(child) && child.tagName === 'input') continue
    if (isElement(child) && ['strong', 'em', 'b', 'p'].includes(child.tagName))
      return leadingText(child)
    return null
  }
  return null
}

interface Line {
  /** What separated the line from the one before: a soft break's newline, or a hard break. */
  separator: ElementContent[]
  nodes: ElementContent[]
}

/** A block's inline content as lines, at its soft (newline) and hard (`<br>`) breaks. */
function linesOf(children: readonly ElementContent[]): Line[] {
  const lines: Line[] = [{ separator: [], nodes: [] }]
  const current = (): Line => lines[lines.length - 1] as Line
  for (const child of children) {
    if (isElement(child) && child.tagName === 'br') {
      lines.push({ separator: [child], nodes: [] })
      continue
    }
    if (child.type !== 'text' || !child.value.includes('\n')) {
      current().nodes.push(child)
      continue
    }
    child.value.split('\n').forEach((part, index) => {
      if (index > 0) {
        const line = current()
        // The newline after a `<br>` belongs to that break, not to a new empty line.
        const afterBreak =
          line.nodes.length === 0 && line.separator.length === 1 && lines.length > 1
        if (afterBreak) line.separator.push({ type: 'text', value: '\n' })
        else lines.push({ separator: [{ type: 'text', value: '\n' }], nodes: [] })
      }
      if (part !== '') current().nodes.push({ type: 'text', value: part })
    })
  }
  return lines
}

function startsWithMarker(nodes: ElementContent[]): boolean {
  const lead = leadingText({ type: 'element', tagName: 'p', properties: {}, children: nodes })
  return lead !== null && MARKER.test(lead.text.value)
}

/**
 * The block's inline content cut before each marker line, as paragraphs; null when there is
 * nothing to cut (no marker line after the first line).
 */
function splitAtMarkers(children: readonly ElementContent[]): Element[] | null {
  const lines = linesOf(children)
  if (!lines.some((line, index) => index > 0 && startsWithMarker(line.nodes))) return null
  const groups: ElementContent[][] = []
  for (const [index, line] of lines.entries()) {
    if (index === 0 || startsWithMarker(line.nodes)) groups.push([...line.nodes])
    else groups[groups.length - 1]?.push(...line.separator, ...line.nodes)
  }
  return groups
    .filter((nodes) => nodes.some((node) => node.type !== 'text' || node.value.trim() !== ''))
    .map((nodes) => ({ type: 'element', tagName: 'p', properties: {}, children: nodes }))
}

const INLINE_END = new Set(['ul', 'ol', 'p', 'pre', 'blockquote', 'table', 'div'])

/** A paragraph becomes one paragraph per marker block, in place among its siblings. */
function splitParagraphs(node: Root | Element): void {
  for (let index = 0; index < node.children.length; index++) {
    const child = node.children[index]
    if (!child || !isElement(child)) continue
    if (child.tagName === 'p') {
      const parts = splitAtMarkers(child.children)
      if (parts) {
        node.children.splice(index, 1, ...parts)
        index += parts.length - 1
      }
    } else if (child.tagName === 'li') {
      // A tight list item holds its text directly: split its leading inline run the same way.
      const end = child.children.findIndex((c) => isElement(c) && INLINE_END.has(c.tagName))
      const run = child.children.slice(0, end < 0 ? undefined : end)
      const parts = splitAtMarkers(run)
      if (parts) {
        child.children.splice(0, run.length, ...parts)
        splitItems.add(child)
      }
      splitParagraphs(child)
    } else splitParagraphs(child)
  }
}

/** List items whose text was split into marker paragraphs: those are marked, not the item. */
const splitItems = new WeakSet<Element>()

function markBlock(node: Element): void {
  if (splitItems.has(node)) return
  const lead = leadingText(node)
  const match = lead ? MARKER.exec(lead.text.value) : null
  if (!lead || !match) return
  const kind = KINDS[(match[1] ?? '').toLowerCase()] ?? 'question'
  const classes = ['od-marker-block', `od-marker-${kind}`]
  node.properties = { ...node.properties, className: classes }
  const label = span(['od-marker-label', `od-marker-label-${kind}`], match[0].trim())
  const rest: Text = { type: 'text', value: lead.text.value.slice(match[0].length) }
  lead.parent.children.splice(lead.index, 1, label, rest)
}

function splitMentions(text: Text): ElementContent[] | null {
  if (!text.value.includes('@')) return null
  const parts: ElementContent[] = []
  let last = 0
  for (const match of text.value.matchAll(MENTION)) {
    const start = match.index
    if (start > last) parts.push({ type: 'text', value: text.value.slice(last, start) })
    parts.push(span(['od-mention'], match[0]))
    last = start + match[0].length
  }
  if (parts.length === 0) return null
  if (last < text.value.length) parts.push({ type: 'text', value: text.value.slice(last) })
  return parts
}

function visit(node: Root | Element): void {
  if (node.type === 'element' && (node.tagName === 'p' || node.tagName === 'li')) markBlock(node)
  const children: (RootContent | ElementContent)[] = node.children
  for (let index = 0; index < children.length; index++) {
    const child = children[index]
    if (!child) continue
    if (child.type === 'text' && !(node.type === 'element' && NO_MENTIONS.has(node.tagName))) {
      const parts = splitMentions(child)
      if (parts) {
        children.splice(index, 1, ...parts)
        index += parts.length - 1
      }
    } else if (isElement(child) && !NO_MENTIONS.has(child.tagName)) visit(child)
  }
}

export function rehypeMarkers() {
  return (tree: Root): void => {
    splitParagraphs(tree)
    visit(tree)
  }
}
