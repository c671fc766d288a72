import { Alert, Button, Group, Loader, SegmentedControl, SimpleGrid, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError } from '../../notify'
import { picture } from './diagram-loader'
import classes from './Diagrams.module.css'
import { NumberedSource } from './NumberedSource'
import { Dialog } from '../Dialog/Dialog'

const STARTERS: Record<'plantuml' | 'mermaid', string> = {
  plantuml:
    '@startuml\nactor User\nparticipant App\nUser -> App : request\nApp --> User : response\n@enduml\n',
  mermaid: 'flowchart LR\n  User --> App\n  App --> Store[(Store)]\n',
}

export interface SourceEditorProps {
  opened: boolean
  /** The discussion the diagram belongs to. */
  path: string
  /** Editing an existing diagram: its ref and text; absent: a new one. */
  existing?: { ref: string; kind: 'plantuml' | 'mermaid'; source: string } | null
  onClose: () => void
  /** The saved diagram's ref, relative to the discussion. */
  onSaved: (ref: string) => void
}

type Preview = (({ url: string } | { error: string }) & { from: string }) | null

/** The built-in PlantUML / Mermaid editor with a live preview: the fallback artifact editor. */
export function SourceEditor({
  opened,
  path,
  existing,
  onClose,
  onSaved,
}: SourceEditorProps): ReactNode {
  const api = useApi()
  const [kind, setKind] = useState<'plantuml' | 'mermaid'>(existing?.kind ?? 'plantuml')
  const [source, setSource] = useState(existing?.source ?? STARTERS.plantuml)
  const [debounced] = useDebouncedValue(source, 400)
  const [preview, setPreview] = useState<Preview>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!opened) return
    setKind(existing?.kind ?? 'plantuml')
    setSource(existing?.source ?? STARTERS.plantuml)
  }, [opened, existing])

  useEffect(() => {
    if (!opened || debounced.trim() === '') return
    let live = true
    setPreview(null)
    const render = async (): Promise<{ url: string } | { error: string }> => {
      if (kind === 'mermaid') return picture('mermaid', debounced)
      const result = await call(api.diagrams.preview({ source: debounced }))
      return result.svg ? picture('svg', result.svg) : { error: result.error ?? 'Not rendered.' }
    }
    render().then(
      (shown) => live && setPreview({ ...shown, from: debounced }),
      (error: unknown) =>
        live &&
        setPreview({
          error: error instanceof Error ? error.message : String(error),
          from: debounced,
        }),
    )
    return () => {
      live = false
    }
  }, [api, opened, kind, debounced])

  const save = async (): Promise<void> => {
    setBusy(true)
    try {
      const saved = await call(
        api.diagrams.save({
          path,
          kind: kind,
          source,
          ...(existing ? { ref: existing.ref } : {}),
        }),
      )
      onSaved(saved.ref)
      onClose()
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Diagram not saved')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={existing ? `Edit ${existing.ref}` : 'New diagram'}
      size="95%"
      centered
    >
      <Group justify="space-between" mb="sm">
        <SegmentedControl
          aria-label="Diagram kind"
          value={kind}
          disabled={Boolean(existing)}
          onChange={(value) => {
            const next = value === 'mermaid' ? 'mermaid' : 'plantuml'
            if (source === STARTERS[kind]) setSource(STARTERS[next])
            setKind(next)
          }}
          data={[
            { value: 'plantuml', label: 'PlantUML' },
            { value: 'mermaid', label: 'Mermaid' },
          ]}
        />
        <Text size="xs" c="dimmed">
          Saved in the discussion&apos;s diagrams/ folder; the preview updates as you type.
        </Text>
      </Group>
      <SimpleGrid cols={2}>
        <NumberedSource value={source} onChange={setSource} />
        <div
          className={classes.preview}
          data-testid="diagram-preview"
          data-current={preview !== null && preview.from === source}
        >
          {preview === null ? (
            <Loader size="sm" />
          ) : 'url' in preview ? (
            <img src={preview.url} alt="Preview" />
          ) : (
            <Alert color="red" variant="light">
              {preview.error}
            </Alert>
          )}
        </div>
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={busy} disabled={source.trim() === ''}>
          Save diagram
        </Button>
      </Group>
    </Dialog>
  )
}
