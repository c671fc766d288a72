import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { DiagramEntry } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { useEscapeLayer } from '../../lib/layers'
import { notifyError, notifyInfo } from '../../notify'
import { ArtifactButton } from './ArtifactButton'
import { DiagramName } from './DiagramName'
import { loadDiagram } from './diagram-loader'
import { OrphansSection } from './OrphansSection'
import { SourceEditor } from './SourceEditor'
import { useDiagram } from './useDiagram'
import classes from './Diagrams.module.css'
import { ERROR_TEXT } from '../../theme'

export interface DiagramsPanelProps {
  opened: boolean
  /** The discussion file. */
  path: string
  version: number
  onClose: () => void
  onView: (ref: string) => void
  onJump?: (line: number) => void
  /** A diagram whose source the viewer asked to edit; handled once the list is loaded. */
  editRequest?: string | null
  onEditRequestHandled?: () => void
}

type Editing = { ref: string; kind: 'plantuml' | 'mermaid'; source: string } | null

/** A small picture of the diagram beside its entry, so the list is recognisable at a glance. */
function PanelThumbnail({
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
  return (
    <UnstyledButton
      className={classes.panelThumb}
      onClick={onOpen}
      aria-label={`View ${diagramRef}`}
      data-testid="panel-thumbnail"
      data-state={!loaded ? 'loading' : loaded.url ? 'ready' : 'failed'}
    >
      {!loaded ? (
        <Loader size="xs" />
      ) : loaded.url ? (
        <img src={loaded.url} alt="" className={classes.thumbImage} />
      ) : (
        <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" aria-label="Not rendered" />
      )}
    </UnstyledButton>
  )
}

/** Every diagram of the discussion with who referenced it; open, edit, create, clean up. */
export function DiagramsPanel({
  opened,
  path,
  version,
  onClose,
  onView,
  editRequest = null,
  onEditRequestHandled,
}: DiagramsPanelProps): ReactNode {
  const api = useApi()
  useEscapeLayer(opened, onClose)
  const { data, reload } = useRequest(
    opened ? `${path}` : null,
    () => call(api.diagrams.list({ path })),
    version,
  )
  const [editing, setEditing] = useState<Editing>(null)
  const [newRef, setNewRef] = useState<string | null>(null)
  const [note, setNote] = useState('')

  const editSource = async (entry: DiagramEntry): Promise<void> => {
    try {
      const opened = await call(api.diagrams.open({ path, ref: entry.ref }))
      if (opened.opened) return notifyInfo(opened.message)
      if (entry.kind !== 'plantuml' && entry.kind !== 'mermaid')
        return notifyInfo(`${opened.message} The built-in editor edits PlantUML and Mermaid only.`)
      const loaded = await loadDiagram(api, path, entry.ref, version)
      setEditing({ ref: entry.ref, kind: entry.kind, source: loaded.source ?? '' })
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Open source')
    }
  }
  useEffect(() => {
    if (!editRequest || !data) return
    onEditRequestHandled?.()
    const entry = data.diagrams.find((candidate) => candidate.ref === editRequest)
    if (entry) void editSource(entry)
    else notifyError(`${editRequest} is no longer referenced by this discussion.`, 'Edit source')
  }, [editRequest, data])
  const addComment = async (): Promise<void> => {
    if (!newRef) return
    try {
      await call(api.comments.add({ path, text: note }))
      notifyInfo(`The comment references ${newRef}.`, 'Comment added')
      setNewRef(null)
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Comment not added')
    }
  }
  const folder = path.replace(/[\\/][^\\/]*$/, '')

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': 'Close diagrams' }}
      position="right"
      size="lg"
      title="Diagrams"
      data-testid="diagrams-panel"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data
              ? `${data.diagrams.length} diagram${data.diagrams.length === 1 ? '' : 's'} in this discussion`
              : 'Loading…'}
          </Text>
          <ArtifactButton
            path={path}
            label="New artifact"
            onSaved={(ref) => {
              setNewRef(ref)
              setNote(`DIAGRAM: ${ref}`)
              reload()
            }}
          />
        </Group>
        {newRef && (
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <Text size="sm">Add {newRef} to the discussion as a comment:</Text>
              <Textarea
                aria-label="Artifact comment"
                autosize
                minRows={3}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
              />
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setNewRef(null)}>
                  Not now
                </Button>
                <Button size="xs" onClick={() => void addComment()} disabled={note.trim() === ''}>
                  Add comment
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
        {data?.support.hints.map((hint) => (
          <Alert key={hint} color="yellow" variant="light" p="xs">
            <Text size="sm">{hint}</Text>
          </Alert>
        ))}
        {data?.diagrams.map((entry) => (
          <Paper
            key={`${entry.comment}-${entry.line}`}
            withBorder
            p="sm"
            data-testid="diagram-entry"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {entry.exists && (
                <PanelThumbnail
                  path={path}
                  diagramRef={entry.ref}
                  version={version}
                  onOpen={() => onView(entry.ref)}
                />
              )}
              <div style={{ minWidth: 0, flex: 1 }}>
                <Group gap={6} wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <DiagramName diagramRef={entry.ref} size="sm" fw={600} />
                  </div>
                  {entry.kind && (
                    <Badge size="xs" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
                      {entry.kind}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  #{entry.comment} · {entry.author} · line {entry.line}
                </Text>
                {entry.problem && (
                  <Text size="xs" c={ERROR_TEXT}>
                    {entry.problem}
                  </Text>
                )}
              </div>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  disabled={!entry.exists}
                  onClick={() => onView(entry.ref)}
                >
                  View
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={!entry.exists}
                  onClick={() => void editSource(entry)}
                >
                  Edit source
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
        <Divider />
        <OrphansSection folder={folder} />
      </Stack>
      <SourceEditor
        opened={editing !== null}
        path={path}
        existing={editing}
        onClose={() => setEditing(null)}
        onSaved={(ref) => {
          notifyInfo(`Saved ${ref}.`)
          reload()
        }}
      />
    </Drawer>
  )
}
