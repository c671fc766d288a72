/**
 * Untrusted markdown (comments, a discussion's context) to HTML for an exported page, the way the
 * app renders it: GitHub-flavoured markdown, no raw HTML (dropped, as the app drops it), the same
 * sanitizer (rehype-sanitize's schema) and the same marker highlighting (`core/markdown`). Images
 * are never loaded (a remote image would be a request leaving the page): each becomes a note, as
 * in the app; links get `rel="noopener noreferrer"`; task boxes are named for screen readers.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'

import { rehypeMarkers } from '../../core/markdown/rehype-markers.js'

const isElement = (node: RootContent): node is Element => node.type === 'element'

function text(value: string): ElementContent {
  return { type: 'text', value }
}

/** What the app does with images, links and task boxes, for a page without script. */
function staticPage(node: Root | Element): void {
  const children: RootContent[] = node.children
  children.forEach((child, index) => {
    if (!isElement(child)) return
    if (child.tagName === 'img') {
      const alt = typeof child.properties.alt === 'string' ? child.properties.alt : ''
      children[index] = {
        type: 'element',
        tagName: 'span',
        properties: { className: ['od-blocked-image'] },
        children: [text(`[image${alt ? `: ${alt}` : ''}] (not loaded)`)],
      }
      return
    }
    if (child.tagName === 'a') child.properties.rel = ['noopener', 'noreferrer']
    if (child.tagName === 'input' && child.properties.type === 'checkbox')
      child.properties.ariaLabel = child.properties.checked ? 'Done' : 'Not done'
    staticPage(child)
  })
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeMarkers)
  .use(() => staticPage)
  .use(rehypeStringify)

export function markdownToHtml(markdown: string): string {
  return String(processor.processSync(markdown))
}
