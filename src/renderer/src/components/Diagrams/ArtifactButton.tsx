import { Button, Tooltip } from '@mantine/core'
import { IconChartDots3 } from '@tabler/icons-react'
import { useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError, notifyInfo } from '../../notify'
import { SourceEditor } from './SourceEditor'

export interface ArtifactButtonProps {
  /** The discussion the artifact belongs to. */
  path: string
  /** Called with the saved diagram's ref (relative to the discussion). */
  onSaved: (ref: string) => void
  label?: string
}

/**
 * Starts the configured artifact editor and waits for it to report a save; without one (or
 * without a display) the built-in editor opens instead.
 */
export function ArtifactButton({
  path,
  onSaved,
  label = 'Add artifact',
}: ArtifactButtonProps): ReactNode {
  const api = useApi()
  const [busy, setBusy] = useState(false)
  const [builtIn, setBuiltIn] = useState(false)

  const launch = async (): Promise<void> => {
    setBusy(true)
    try {
      const result = await call(api.artifacts.launch({ path }))
      if (result.outcome === 'saved' && result.ref) {
        onSaved(result.ref)
        notifyInfo(result.message, 'Artifact saved')
      } else if (result.outcome === 'fallback') {
        notifyInfo(result.message, 'Built-in editor')
        setBuiltIn(true)
      } else notifyError(result.message, 'No artifact added')
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Artifact editor')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Tooltip label="Draw a diagram in the artifact editor; its DIAGRAM: line is added here">
        <Button
          variant="default"
          leftSection={<IconChartDots3 size={16} />}
          loading={busy}
          onClick={() => void launch()}
        >
          {label}
        </Button>
      </Tooltip>
      <SourceEditor
        opened={builtIn}
        path={path}
        onClose={() => setBuiltIn(false)}
        onSaved={onSaved}
      />
    </>
  )
}
