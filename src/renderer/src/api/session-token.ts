/**
 * The browser mode's credential. `discussions ui --web` prints `http://127.0.0.1:PORT/#token=...`:
 * the fragment never reaches a server or a log. The page takes the token from it once, keeps it in
 * sessionStorage (this tab only; a cookie would reach every server on 127.0.0.1, whatever its
 * port), and removes it from the address bar so it is not in the history or a screenshot.
 */
const STORAGE_KEY = 'discussions.token'
const FRAGMENT = /^#token=([\w-]+)$/

/** Must run before anything reads `location.hash` as a route. */
export function takeSessionToken(): string | null {
  const match = FRAGMENT.exec(location.hash)
  if (match?.[1]) {
    sessionStorage.setItem(STORAGE_KEY, match[1])
    history.replaceState(null, '', `${location.pathname}${location.search}#/`)
  }
  return sessionStorage.getItem(STORAGE_KEY)
}

export const MISSING_TOKEN =
  'This page was opened without its token: open the full link that `discussions ui --web` printed (the part after # signs the page in).'
