import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core'
import { useState } from 'react'
import type { ReactNode } from 'react'

import type { DiagramEntry } from '../../../../shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { useEscapeLayer } from '../../lib/layers'
import { notifyError, notifyInfo } from '../../notify'
import { ArtifactButton } from './ArtifactButton'
import { loadDiagram } from './diagram-loader'
import { OrphansSection } from './OrphansSection'
import { SourceEditor } from './SourceEditor'

export interface DiagramsPanelProps {
  opened: boolean
  /** The discussion file. */
  path: string
  version: number
  onClose: () => void
  onView: (ref: string) => void
  onJump?: (line: number) => void
}

type Editing = { ref: string; kind: 'plantuml' | 'mermaid'; source: string } | null

/** Every diagram of the discussion with who referenced it; open, edit, create, clean up. */
export function DiagramsPanel({
  opened,
  path,
  version,
  onClose,
  onView,
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
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} size="sm" truncate>
                    {entry.ref}
                  </Text>
                  {entry.kind && (
                    <Badge size="xs" variant="light">
                      {entry.kind}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  #{entry.comment + 1} · {entry.author} · line {entry.line}
                </Text>
                {entry.problem && (
                  <Text size="xs" c="red">
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
