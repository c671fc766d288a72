import { Button, Text } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconArrowDown } from '@tabler/icons-react'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import type { ReactNode, Ref } from 'react'

import type { CommentInfo } from '@shared/contract'
import { CommentCard } from '../CommentCard/CommentCard'
import { highlightMatches } from './highlight'
import { readPosition, savePosition } from './reading-position'
import classes from './CommentList.module.css'

export interface CommentListHandle {
  /** Scrolls the comment into view (centred when it is short). */
  scrollToComment: (index: number) => void
  /** Jumps to the newest item and follows the end again. */
  scrollToEnd: () => void
  /** Shows the top of the list: the discussion's opening, above its first comment. */
  scrollToTop: () => void
}

/** Something shown after the saved comments: a pending answer, the turn's summary line. */
export interface TailItem {
  key: string
  node: ReactNode
}

export interface CommentListProps {
  /** The discussion's file: the reading position is kept per discussion. */
  path: string
  comments: readonly CommentInfo[]
  /** Persona roles by author name, shown beside AI authors. */
  roles: ReadonlyMap<string, string | null>
  /** The comment outlined as the current find match or jump target. */
  activeIndex: number | null
  /** Highlighted in the visible comments. */
  findQuery: string
  onOpenLink: (href: string) => void
  /** Turns true when the person starts something whose result lands at the end (a turn, a comment): the list jumps there. */
  follow?: boolean
  /** Shown after the comments, in the same scrolling thread (pending answers of a turn). */
  tail?: readonly TailItem[]
  /** Changes whenever something below may have grown (streamed text): keeps the end in view. */
  activity?: string
  /** A line under a saved comment (what its answer cost), by comment index. */
  notes?: ReadonlyMap<number, ReactNode>
  /** Shown above the first comment and scrolled with them (the discussion's own text). */
  header?: ReactNode
  /** Pixels at the top that something floats over (the find bar): a comment scrolled to lands below. */
  clearTop?: number
  ref?: Ref<CommentListHandle>
}

/** How close to the bottom counts as "at the end", in pixels. */
const AT_END = 48

/**
 * The comments as a virtualized list: only the cards near the viewport exist in the page, so a
 * 5,000-comment discussion opens as fast as a short one. Card heights are measured as they render.
 *
 * Following the end: while the person is at the bottom, anything new (an answer streaming in, a
 * saved comment) keeps the newest item fully in view. Scrolling up stops that and, when more
 * arrives below, shows a "New answers" pill; the pill or End jumps back and follows again.
 */
export function CommentList({
  path,
  comments,
  roles,
  activeIndex,
  findQuery,
  onOpenLink,
  follow = false,
  tail = [],
  activity = '',
  notes,
  header,
  clearTop = 0,
  ref,
}: CommentListProps): ReactNode {
  const scrollRef = useRef<HTMLDivElement>(null)
  const headerHeight = useHeaderHeight()
  const count = comments.length + tail.length
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 240,
    overscan: 4,
    gap: 12,
    paddingStart: 16,
    paddingEnd: 24,
    getItemKey: (index) =>
      index < comments.length
        ? `c${comments[index]?.index ?? index}`
        : `t${tail[index - comments.length]?.key ?? index}`,
    // The header sits above the virtual rows inside the same scroller.
    scrollMargin: headerHeight.height,
    scrollPaddingStart: clearTop,
  })
  const items = virtualizer.getVirtualItems()
  const totalSize = virtualizer.getTotalSize()

  // `following` is a ref for the scroll handlers and state for the pill.
  const followingRef = useRef(false)
  const [following, setFollowingState] = useState(false)
  const setFollowing = (value: boolean): void => {
    followingRef.current = value
    setFollowingState(value)
  }
  // What was below when the person scrolled away: the pill shows once something new is there.
  const [leftAt, setLeftAt] = useState<string | null>(null)
  const snapshot = `${count}|${activity}`

  const pinToEnd = (): void => {
    const element = scrollRef.current
    if (element) element.scrollTop = element.scrollHeight
  }
  const scrollToEnd = (): void => {
    setFollowing(true)
    setLeftAt(null)
    if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' })
    requestAnimationFrame(pinToEnd)
  }

  useImperativeHandle(
    ref,
    () => ({
      scrollToComment: (index) => {
        setFollowing(false)
        setLeftAt(`${count}|${activity}`)
        virtualizer.scrollToIndex(index, { align: 'start', behavior: 'auto' })
      },
      scrollToEnd,
      scrollToTop: () => {
        setFollowing(false)
        setLeftAt(`${count}|${activity}`)
        if (scrollRef.current) scrollRef.current.scrollTop = 0
      },
    }),
    [virtualizer, count, activity],
  )

  useHotkeys([['End', () => scrollToEnd()]], ['INPUT', 'TEXTAREA', 'SELECT'])

  // The person's own scrolling decides: reaching the bottom follows, moving up stops following.
  // Growth below never fires a scroll event, so it cannot stop following by itself.
  const lastTop = useRef(0)
  useEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const onScroll = (): void => {
      const distance = element.scrollHeight - element.scrollTop - element.clientHeight
      if (distance < AT_END) {
        if (!followingRef.current) setFollowing(true)
        setLeftAt(null)
      } else if (element.scrollTop < lastTop.current - 2 && followingRef.current) {
        setFollowing(false)
        setLeftAt(snapshotRef.current)
      }
      lastTop.current = element.scrollTop
      scheduleSave()
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [count > 0])
  const snapshotRef = useRef(snapshot)
  snapshotRef.current = snapshot

  // While following, every change of size keeps the newest item in full view.
  useLayoutEffect(() => {
    if (followingRef.current) pinToEnd()
  }, [totalSize, snapshot])

  // A turn or comment the person started: go to the end, where it lands.
  useEffect(() => {
    if (follow && count > 0) scrollToEnd()
  }, [follow])

  // Reopening: where the person left off, or the first comment added since, else the start.
  const restored = useRef(false)
  useEffect(() => {
    if (restored.current || comments.length === 0) return
    restored.current = true
    const saved = readPosition(path)
    if (!saved) return
    if (saved.atEnd && saved.count === comments.length) return scrollToEnd()
    const index =
      comments.length > saved.count ? saved.count : Math.min(saved.index, comments.length - 1)
    virtualizer.scrollToIndex(index, { align: 'start' })
    if (comments.length <= saved.count && saved.offset > 0)
      requestAnimationFrame(() => {
        const element = scrollRef.current
        if (element) element.scrollTop += saved.offset
      })
  }, [comments.length > 0])

  // Where the person is: the first comment in view and how far into it, saved after scrolling.
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const save = (): void => {
    const element = scrollRef.current
    if (!element || !restored.current || comments.length === 0) return
    const top = element.scrollTop
    const first = virtualizer
      .getVirtualItems()
      .find((item) => item.index < comments.length && item.end > top)
    if (!first) return
    savePosition(path, {
      index: first.index,
      offset: Math.max(0, Math.round(top - first.start)),
      count: comments.length,
      atEnd: followingRef.current,
    })
  }
  const saveRef = useRef(save)
  saveRef.current = save
  const scheduleSave = (): void => {
    if (saveTimer.current) clearTimeout(saveTimer.current)
    saveTimer.current = setTimeout(() => saveRef.current(), 250)
  }
  useEffect(
    () => () => {
      if (saveTimer.current) clearTimeout(saveTimer.current)
      saveRef.current()
    },
    [],
  )

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

  if (count === 0)
    return (
      <div className={classes.scroller}>
        {top}
        <div className={classes.empty}>
          <Text c="dimmed">No comments yet. The discussion starts when a participant answers.</Text>
        </div>
      </div>
    )

  const showPill = !following && leftAt !== null && leftAt !== snapshot
  return (
    <div className={classes.frame}>
      <div
        ref={scrollRef}
        className={classes.scroller}
        data-testid="comment-list"
        tabIndex={0}
        aria-label="Comments"
      >
        {top}
        <div className={classes.inner} style={{ height: totalSize }}>
          {items.map((item) => {
            const comment = item.index < comments.length ? comments[item.index] : undefined
            const extra = comment ? undefined : tail[item.index - comments.length]
            if (!comment && !extra) return null
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={classes.row}
                style={{ transform: `translateY(${item.start - headerHeight.height}px)` }}
              >
                {comment ? (
                  <CommentCard
                    comment={comment}
                    path={path}
                    role={roles.get(comment.author) ?? null}
                    active={activeIndex === item.index}
                    onOpenLink={onOpenLink}
                    note={notes?.get(comment.index)}
                  />
                ) : (
                  extra?.node
                )}
              </div>
            )
          })}
        </div>
      </div>
      {showPill && (
        <Button
          className={classes.pill}
          size="compact-sm"
          radius="xl"
          rightSection={<IconArrowDown size={14} />}
          onClick={scrollToEnd}
          data-testid="new-answers"
        >
          New answers
        </Button>
      )}
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
