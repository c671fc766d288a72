/**
 * Highlights every occurrence of the find query in the rendered comments inside `root`, with the
 * CSS Custom Highlight API, so the rendered markdown is not changed. No-op where unsupported.
 */
export function highlightMatches(root: HTMLElement | null, query: string): void {
  const registry = (globalThis.CSS as { highlights?: Map<string, unknown> } | undefined)?.highlights
  if (!registry || typeof Highlight === 'undefined') return
  const wanted = query.trim().toLowerCase()
  if (!root || wanted === '') {
    registry.delete('od-find')
    return
  }
  const ranges: Range[] = []
  for (const body of root.querySelectorAll('[data-comment-body]')) {
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.toLowerCase() ?? ''
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
