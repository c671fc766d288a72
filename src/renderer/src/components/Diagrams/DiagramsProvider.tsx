import { ActionIcon, Tooltip } from '@mantine/core'
import { IconChartDots3 } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { useActions } from '../Palette/actions'
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
  const [editRequest, setEditRequest] = useState<string | null>(null)
  const api = useApi()
  // The discussion's diagrams in order, so the viewer can step to the previous and next one.
  const { data: listed } = useRequest(
    viewing !== null ? path : null,
    () => call(api.diagrams.list({ path })),
    version,
  )
  const refs = useMemo(
    () => [...new Set((listed?.diagrams ?? []).filter((d) => d.exists).map((d) => d.ref))],
    [listed],
  )
  useActions([
    {
      id: 'discussion.diagrams',
      title: 'Diagrams of the discussion: view, edit, create, clean up',
      group: 'Discussion',
      keys: ['D'],
      shortcut: 'd',
      run: () => setPanel(true),
    },
  ])
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
        editRequest={editRequest}
        onEditRequestHandled={() => setEditRequest(null)}
      />
      <DiagramViewer
        path={path}
        version={version}
        diagramRef={viewing}
        refs={refs}
        onNavigate={setViewing}
        onEdit={(ref) => {
          setViewing(null)
          setPanel(true)
          setEditRequest(ref)
        }}
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
