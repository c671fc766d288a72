import { createContext, useContext } from 'react'

/** What a comment card needs to show its diagrams; null outside a discussion. */
export interface DiagramsContextValue {
  /** The discussion file. */
  path: string
  /** Changes on refresh or a change on disk, so pictures are read again. */
  version: number
  openViewer: (ref: string) => void
  openPanel: () => void
}

export const DiagramsContext = createContext<DiagramsContextValue | null>(null)

export function useDiagrams(): DiagramsContextValue | null {
  return useContext(DiagramsContext)
}
