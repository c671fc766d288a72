import { createContext, useContext } from 'react'

import type { Api } from '@shared/contract'

export const ApiContext = createContext<Api | null>(null)

/** The contract client (see `client.ts`). */
export function useApi(): Api {
  const api = useContext(ApiContext)
  if (!api) throw new Error('useApi() needs an <ApiContext.Provider> above it.')
  return api
}
