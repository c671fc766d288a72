/**
 * A rehype plugin that runs after rehype-sanitize: it marks the paragraphs and list items that
 * start with a marker (Q:, TODO:, DECISION:, CONCERN:, DIAGRAM:, VOTE: ...) and wraps @mentions,
 * so CSS can highlight them. It only adds fixed class names; it never copies text into attributes.
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

function markBlock(node: Element): void {
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
  return (tree: Root): void => visit(tree)
}
