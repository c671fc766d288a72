/**
 * Find in a discussion, answered by core's search through `search:discussion`: the same hits, in
 * the same order, as `discussions search QUERY FILE` (every word of the query, anywhere in a word,
 * any case, in the opening or a comment's lines: its author, body and markers). Enter, Shift+Enter
 * and the arrows step through them, wrapping at the ends.
 */
import { useEffect, useState } from 'react'
import type { RefObject } from 'react'

import type { DiscussionDetail, SearchHitInfo } from '@shared/contract'
import { queryTerms } from '@core/search/query'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import type { CommentListHandle } from '../CommentList/CommentList'

export function useFind(
  detail: DiscussionDetail | undefined,
  list: RefObject<CommentListHandle | null>,
) {
  const api = useApi()
  const [open, setOpen] = useState(false)
  // Ctrl+F while the bar is open takes the person back to its field.
  const [focusRequests, setFocusRequests] = useState(0)
  const [query, setQuery] = useState('')
  const [position, setPosition] = useState(0)
  // The hits and the query they answer: an answer to an earlier keystroke is never shown.
  const [answer, setAnswer] = useState<{ query: string; hits: SearchHitInfo[] } | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const path = detail?.path ?? null
  const words = queryTerms(query)

  useEffect(() => {
    if (!open || path === null || queryTerms(query).length === 0) {
      setAnswer(null)
      return
    }
    let current = true
    call(api.search.discussion({ path, query })).then(
      (results) => {
        if (!current) return
        setAnswer({ query, hits: results.hits })
        setFailure(null)
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error.message : String(error))
      },
    )
    return () => {
      current = false
    }
    // `detail` changes when the file is read again: the hits follow the file.
  }, [api, open, path, query, detail])

  const hits = answer?.hits ?? []
  const at = Math.min(position, Math.max(hits.length - 1, 0))
  const hit = hits[at] ?? null
  const comment = hit?.comment ?? null
  useEffect(() => {
    if (hit === null) return
    if (hit.comment === null) list.current?.scrollToTop()
    else list.current?.scrollToComment(hit.comment)
  }, [hit, list])

  const step = (delta: number): void =>
    setPosition((p) =>
      hits.length === 0 ? 0 : (Math.min(p, hits.length - 1) + delta + hits.length) % hits.length,
    )
  return {
    open,
    query,
    /** The query's words as core splits them: what the find bar looks for and highlights. */
    words,
    hits,
    /** The hit shown now (0-based) and its comment (null: the opening). */
    position: at,
    hit,
    comment,
    /** True while the answer on screen is for an earlier query (a keystroke is on its way). */
    pending: words.length > 0 && answer?.query !== query,
    failure,
    focusRequests,
    show: () => {
      setOpen(true)
      setFocusRequests((n) => n + 1)
    },
    close: () => {
      setOpen(false)
      setQuery('')
      setAnswer(null)
    },
    setQuery: (value: string) => {
      setQuery(value)
      setPosition(0)
    },
    next: () => step(1),
    previous: () => step(-1),
  }
}

export type Find = ReturnType<typeof useFind>
