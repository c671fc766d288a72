/** Where the app is, kept in the URL's hash so a reload (or R) stays on the same view. */
import { useEffect, useState } from 'react'

export type Route =
  | { view: 'browser'; folder: string | null }
  | { view: 'discussion'; path: string; comment: number | null }

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?')
  const params = new URLSearchParams(query)
  const file = params.get('path')
  if (path === '/discussion' && file) {
    const comment = Number(params.get('comment'))
    return {
      view: 'discussion',
      path: file,
      comment: Number.isInteger(comment) && params.has('comment') ? comment : null,
    }
  }
  return { view: 'browser', folder: params.get('folder') }
}

export function routeHash(route: Route): string {
  if (route.view === 'discussion')
    return `#/discussion?${new URLSearchParams({
      path: route.path,
      ...(route.comment !== null ? { comment: String(route.comment) } : {}),
    })}`
  return route.folder ? `#/?${new URLSearchParams({ folder: route.folder })}` : '#/'
}

export function navigate(route: Route): void {
  location.hash = routeHash(route)
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash))
  useEffect(() => {
    const update = (): void => setRoute(parseRoute(location.hash))
    window.addEventListener('hashchange', update)
    return () => window.removeEventListener('hashchange', update)
  }, [])
  return route
}
