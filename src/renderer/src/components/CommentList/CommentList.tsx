import { Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import type { ReactNode, Ref } from 'react'

import type { CommentInfo } from '../../../../shared/contract'
import { CommentCard } from '../CommentCard/CommentCard'
import { highlightMatches } from './highlight'
import classes from './CommentList.module.css'

export interface CommentListHandle {
  /** Scrolls the comment into view (centred when it is short). */
  scrollToComment: (index: number) => void
}

export interface CommentListProps {
  comments: readonly CommentInfo[]
  /** Persona roles by author name, shown beside AI authors. */
  roles: ReadonlyMap<string, string | null>
  /** The comment outlined as the current find match or jump target. */
  activeIndex: number | null
  /** Highlighted in the visible comments. */
  findQuery: string
  onOpenLink: (href: string) => void
  /** While true (a turn runs), new comments scroll into view unless the person scrolled away. */
  follow?: boolean
  /** Shown above the first comment and scrolled with them (the discussion's own text). */
  header?: ReactNode
  ref?: Ref<CommentListHandle>
}

/**
 * The comments as a virtualized list: only the cards near the viewport exist in the page, so a
 * 5,000-comment discussion opens as fast as a short one. Card heights are measured as they render.
 */
export function CommentList({
  comments,
  roles,
  activeIndex,
  findQuery,
  onOpenLink,
  follow = false,
  header,
  ref,
}: CommentListProps): ReactNode {
  const scrollRef = useRef<HTMLDivElement>(null)
  const headerHeight = useHeaderHeight()
  const virtualizer = useVirtualizer({
    count: comments.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 240,
    overscan: 4,
    gap: 12,
    paddingStart: 16,
    paddingEnd: 24,
    getItemKey: (index) => comments[index]?.index ?? index,
    // The header sits above the virtual rows inside the same scroller.
    scrollMargin: headerHeight.height,
  })
  const items = virtualizer.getVirtualItems()

  useImperativeHandle(
    ref,
    () => ({
      scrollToComment: (index) =>
        virtualizer.scrollToIndex(index, { align: 'start', behavior: 'auto' }),
    }),
    [virtualizer],
  )

  // Following the end: jump there when a turn starts, then stay there as answers arrive, unless
  // the person scrolled up to read something (scrolling back down resumes it).
  const atEnd = useRef(true)
  useEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const onScroll = (): void => {
      atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 160
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [comments.length > 0])
  useEffect(() => {
    if (!follow || comments.length === 0) return
    atEnd.current = true
    virtualizer.scrollToIndex(comments.length - 1, { align: 'end' })
  }, [follow])
  useEffect(() => {
    if (follow && atEnd.current && comments.length > 0)
      virtualizer.scrollToIndex(comments.length - 1, { align: 'end' })
  }, [comments.length])

  const visibleKey = items.map((item) => item.key).join(',')
  useEffect(() => {
    highlightMatches(scrollRef.current, findQuery)
  }, [findQuery, visibleKey, comments])
  useEffect(() => () => highlightMatches(null, ''), [])

  const top = header ? (
    <div ref={headerHeight.ref} className={classes.header}>
      {header}
    </div>
  ) : null

  if (comments.length === 0)
    return (
      <div className={classes.scroller}>
        {top}
        <div className={classes.empty}>
          <Text c="dimmed">No comments yet. The discussion starts when a participant answers.</Text>
        </div>
      </div>
    )

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      data-testid="comment-list"
      tabIndex={0}
      aria-label="Comments"
    >
      {top}
      <div className={classes.inner} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const comment = comments[item.index]
          if (!comment) return null
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={classes.row}
              style={{ transform: `translateY(${item.start - headerHeight.height}px)` }}
            >
              <CommentCard
                comment={comment}
                role={roles.get(comment.author) ?? null}
                active={activeIndex === item.index}
                onOpenLink={onOpenLink}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}

/** The header's height as laid out, kept current as it folds and unfolds. */
function useHeaderHeight(): { ref: (element: HTMLDivElement | null) => void; height: number } {
  const [height, setHeight] = useState(0)
  const observer = useRef<ResizeObserver | null>(null)
  const ref = useCallback((element: HTMLDivElement | null): void => {
    observer.current?.disconnect()
    observer.current = null
    if (!element) return setHeight(0)
    observer.current = new ResizeObserver(() => setHeight(element.offsetHeight))
    observer.current.observe(element)
    setHeight(element.offsetHeight)
  }, [])
  return { ref, height }
}
