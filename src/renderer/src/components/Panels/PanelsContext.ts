import { createContext, useContext } from 'react'

/** Opens the app-wide views from anywhere (the demo notice links to the providers view). */
export interface Panels {
  openProviders: () => void
  openParticipants: () => void
}

export const PanelsContext = createContext<Panels>({
  openProviders: () => {},
  openParticipants: () => {},
})

export function usePanels(): Panels {
  return useContext(PanelsContext)
}
