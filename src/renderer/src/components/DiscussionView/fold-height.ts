/**
 * Where a folded text ends: at the bottom of the last whole block that fits the height, never
 * through a line and never on a heading whose text would be left below the fold (the reader
 * would see a heading with nothing under it, or half a heading).
 */

export interface BlockBox {
  /** Top and bottom relative to the text's top, in pixels. */
  top: number
  bottom: number
  heading: boolean
  /** The block's line height, for a block too tall to show whole. */
  lineHeight: number
}

export function foldHeight(blocks: readonly BlockBox[], limit: number): number {
  let end = 0
  for (const [i, block] of blocks.entries()) {
    if (block.bottom > limit) break
    // A heading ends the fold only when what follows it fits too.
    const next = blocks[i + 1]
    if (block.heading && (!next || next.bottom > limit)) break
    end = block.bottom
  }
  if (end > 0) return Math.ceil(end)
  // Not even the first block fits: show whole lines of it.
  const first = blocks[0]
  if (!first) return limit
  const lines = Math.max(1, Math.floor((limit - first.top) / first.lineHeight))
  return Math.ceil(first.top + lines * first.lineHeight)
}

/** The boxes of the markdown's top-level blocks, relative to its own top. */
export function blockBoxes(root: HTMLElement): BlockBox[] {
  const origin = root.getBoundingClientRect().top
  return [...root.children].map((child) => {
    const rect = child.getBoundingClientRect()
    const style = getComputedStyle(child)
    const lineHeight =
      Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5
    return {
      top: rect.top - origin,
      bottom: rect.bottom - origin,
      heading: /^H[1-6]$/.test(child.tagName),
      lineHeight,
    }
  })
}
