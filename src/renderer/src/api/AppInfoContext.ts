import { createContext, useContext } from 'react'

import type { AppInfo } from '@shared/contract'

export const AppInfoContext = createContext<AppInfo | null>(null)

/** What the backend said about the app at start; null until it answered. */
export function useAppInfo(): AppInfo | null {
  return useContext(AppInfoContext)
}
