/**
 * The composer's draft and the author name, kept in the page's localStorage: a draft survives
 * closing the dialog, a reload and a restart of the app; the name is remembered for next time.
 */
import { useSyncExternalStore } from 'react'

import type { Vote } from '@core/format/model'

export interface Draft {
  text: string
  vote: Vote | null
}

const DRAFT_KEY = 'discussions.draft:'
const AUTHOR_KEY = 'discussions.author'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null // storage disabled: drafts last as long as the dialog
  }
}

export function loadDraft(path: string): Draft {
  try {
    const value = JSON.parse(
      storage()?.getItem(DRAFT_KEY + path) ?? 'null',
    ) as Partial<Draft> | null
    return { text: typeof value?.text === 'string' ? value.text : '', vote: value?.vote ?? null }
  } catch {
    return { text: '', vote: null }
  }
}

export function saveDraft(path: string, draft: Draft): void {
  if (draft.text === '' && draft.vote === null) storage()?.removeItem(DRAFT_KEY + path)
  else storage()?.setItem(DRAFT_KEY + path, JSON.stringify(draft))
}

export function loadAuthor(): string | null {
  return storage()?.getItem(AUTHOR_KEY) ?? null
}

const authorListeners = new Set<() => void>()

export function saveAuthor(name: string): void {
  storage()?.setItem(AUTHOR_KEY, name)
  for (const listener of authorListeners) listener()
}

/**
 * The name this person signs with: the one they gave in "Signed as", else the default the app
 * reports (git's user.name, else the login name). The header and the composer show the same.
 */
export function useSignedName(defaultName: string | null): string | null {
  const remembered = useSyncExternalStore((listener) => {
    authorListeners.add(listener)
    return () => authorListeners.delete(listener)
  }, loadAuthor)
  return remembered?.trim() || defaultName
}
