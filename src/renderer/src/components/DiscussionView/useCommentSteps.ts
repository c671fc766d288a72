import type { RefObject } from 'react'

import { useActions } from '../Palette/actions'
import type { CommentListHandle } from '../CommentList/CommentList'

/**
 * `j` and `k`: the next and the previous comment, from the one outlined (the first or the last
 * when none is), scrolled into view and outlined, as in a mail reader.
 */
export function useCommentSteps(
  count: number,
  current: number | null,
  list: RefObject<CommentListHandle | null>,
  outline: (index: number) => void,
): void {
  const go = (index: number): void => {
    if (count === 0) return
    const target = Math.max(0, Math.min(count - 1, index))
    list.current?.scrollToComment(target)
    outline(target)
  }
  useActions([
    {
      id: 'comments.next',
      title: 'Next comment',
      group: 'Comments',
      keys: ['J'],
      shortcut: 'j',
      run: () => go(current === null ? 0 : current + 1),
    },
    {
      id: 'comments.previous',
      title: 'Previous comment',
      group: 'Comments',
      keys: ['K'],
      shortcut: 'k',
      run: () => go(current === null ? count - 1 : current - 1),
    },
  ])
}
