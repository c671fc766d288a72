import { ActionIcon, Tooltip } from '@mantine/core'
import { IconChartDots3 } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import type { ReactNode } from 'react'

import { useShortcuts } from '../../lib/shortcuts'
import { DiagramViewer } from '../DiagramView/DiagramViewer'
import { DiagramsContext, useDiagrams } from './DiagramsContext'
import { DiagramsPanel } from './DiagramsPanel'

export interface DiagramsProviderProps {
  /** The discussion file. */
  path: string
  version: number
  children: ReactNode
}

/** Gives a discussion's comment cards their diagrams, the large viewer and the panel (key D). */
export function DiagramsProvider({ path, version, children }: DiagramsProviderProps): ReactNode {
  const [viewing, setViewing] = useState<string | null>(null)
  const [panel, setPanel] = useState(false)
  useShortcuts({ d: () => setPanel(true) })
  const value = useMemo(
    () => ({ path, version, openViewer: setViewing, openPanel: () => setPanel(true) }),
    [path, version],
  )
  return (
    <DiagramsContext.Provider value={value}>
      {children}
      <DiagramsPanel
        opened={panel}
        path={path}
        version={version}
        onClose={() => setPanel(false)}
        onView={setViewing}
      />
      <DiagramViewer
        path={path}
        version={version}
        diagramRef={viewing}
        onClose={() => setViewing(null)}
      />
    </DiagramsContext.Provider>
  )
}

/** The header button that opens the diagrams panel. */
export function DiagramsButton(): ReactNode {
  const diagrams = useDiagrams()
  if (!diagrams) return null
  return (
    <Tooltip label="Diagrams of this discussion (D)">
      <ActionIcon variant="default" size="lg" aria-label="Diagrams" onClick={diagrams.openPanel}>
        <IconChartDots3 size={18} />
      </ActionIcon>
    </Tooltip>
  )
}
