import { useRef } from 'react'

import type { SearchResultsInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'

/** How many hits the list shows under its search field. */
const SHOWN_HITS = 50

/**
 * Core's full-text search over the open folder, asked at every keystroke (the backend keeps the
 * folder's discussions in memory between them). While an answer is on its way the previous one
 * stays on screen; an empty query gives none.
 */
export function useFolderSearch(
  folder: string | null,
  query: string,
  version: number,
): SearchResultsInfo | undefined {
  const api = useApi()
  const wanted = query.trim()
  const { data } = useRequest(
    folder !== null && wanted !== '' ? `${folder}\n${wanted}` : null,
    () => call(api.search.folder({ folder: folder ?? '', query: wanted, limit: SHOWN_HITS })),
    version,
  )
  const last = useRef<SearchResultsInfo | undefined>(undefined)
  if (data) last.current = data
  return folder !== null && wanted !== '' ? (data ?? last.current) : undefined
}
