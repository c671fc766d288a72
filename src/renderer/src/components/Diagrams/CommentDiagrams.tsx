import { Group, Loader, Paper, UnstyledButton } from '@mantine/core'
import { useMemo } from 'react'
import type { ReactNode } from 'react'

import { findDiagramReferences } from '@core/diagrams/references'
import { DiagramFailure } from './DiagramFailure'
import { DiagramName } from './DiagramName'
import { useDiagrams } from './DiagramsContext'
import { useDiagram } from './useDiagram'
import classes from './Diagrams.module.css'

function Thumbnail({
  path,
  diagramRef,
  version,
  onOpen,
}: {
  path: string
  diagramRef: string
  version: number
  onOpen: () => void
}): ReactNode {
  const loaded = useDiagram(path, diagramRef, version)
  if (!loaded)
    return (
      <Paper withBorder className={classes.thumb} data-testid="diagram-loading">
        <Loader size="sm" />
      </Paper>
    )
  if (!loaded.url)
    return (
      <DiagramFailure
        ref_={diagramRef}
        error={loaded.error ?? 'Not rendered.'}
        source={loaded.source}
        line={loaded.line}
        compact
      />
    )
  return (
    <UnstyledButton
      onClick={onOpen}
      className={classes.thumbButton}
      aria-label={`Open diagram ${diagramRef}`}
      data-testid="diagram-thumbnail"
      data-kind={loaded.kind ?? undefined}
    >
      <Paper withBorder className={classes.thumb}>
        <img src={loaded.url} alt={`Diagram ${diagramRef}`} className={classes.thumbImage} />
      </Paper>
      <div style={{ maxWidth: 260 }}>
        <DiagramName diagramRef={diagramRef} dimmed />
      </div>
    </UnstyledButton>
  )
}

/** The diagrams a comment references, as thumbnails that open large. */
export function CommentDiagrams({ body }: { body: string }): ReactNode {
  const context = useDiagrams()
  const refs = useMemo(
    () => [...new Set(findDiagramReferences(body).map((found) => found.ref))],
    [body],
  )
  if (!context || refs.length === 0) return null
  return (
    <Group gap="sm" mt="sm" align="flex-start" data-testid="comment-diagrams">
      {refs.map((ref) => (
        <Thumbnail
          key={ref}
          path={context.path}
          diagramRef={ref}
          version={context.version}
          onOpen={() => context.openViewer(ref)}
        />
      ))}
    </Group>
  )
}
