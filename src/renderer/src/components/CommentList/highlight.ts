import { queryTerms } from '@core/search/query'

/**
 * Highlights every occurrence of each word of the find query (split as core's search splits it)
 * in the rendered comments inside `root`, with the CSS Custom Highlight API, so the rendered
 * markdown is not changed. No-op where unsupported.
 */
export function highlightMatches(root: HTMLElement | null, query: string): void {
  const registry = (globalThis.CSS as { highlights?: Map<string, unknown> } | undefined)?.highlights
  if (!registry || typeof Highlight === 'undefined') return
  const words = queryTerms(query)
  if (!root || words.length === 0) {
    registry.delete('od-find')
    return
  }
  const ranges: Range[] = []
  for (const body of root.querySelectorAll('[data-comment-body]')) {
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.toLowerCase() ?? ''
      // Lower-casing that changes a text's length (`İ`) would misplace the ranges: skip those.
      if (text.length !== (node.textContent?.length ?? 0)) continue
      for (const wanted of words)
        for (
          let at = text.indexOf(wanted);
          at !== -1;
          at = text.indexOf(wanted, at + wanted.length)
        ) {
          const range = new Range()
          range.setStart(node, at)
          range.setEnd(node, at + wanted.length)
          ranges.push(range)
        }
    }
  }
  registry.set('od-find', new Highlight(...ranges))
}
