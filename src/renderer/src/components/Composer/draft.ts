/**
 * The composer's draft and the author name, kept in the page's localStorage: a draft survives
 * closing the dialog, a reload and a restart of the app; the name is remembered for next time.
 */
import type { Vote } from '../../../../core/format/model'

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

export function saveAuthor(name: string): void {
  storage()?.setItem(AUTHOR_KEY, name)
}
