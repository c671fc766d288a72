import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

import type { DiscussionDetail } from '@shared/contract'
import type { CommentListHandle } from '../CommentList/CommentList'

/**
 * Opens a discussion at the comment its address names (`…?comment=N`), once the comments have
 * arrived, and outlines it; again when the address names another one. A number past the last
 * comment opens at the top.
 */
export function useOpenAtComment(
  detail: DiscussionDetail | undefined,
  comment: number | null,
  list: RefObject<CommentListHandle | null>,
  outline: (index: number) => void,
): void {
  const done = useRef<string | null>(null)
  useEffect(() => {
    if (!detail || comment === null) return
    const key = `${detail.path}\n${comment}`
    if (done.current === key || comment >= detail.comments.length) return
    done.current = key
    list.current?.scrollToComment(comment)
    outline(comment)
  }, [detail, comment, list, outline])
}
