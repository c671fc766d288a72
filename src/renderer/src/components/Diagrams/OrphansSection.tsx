import { Button, Group, List, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError, notifyInfo } from '../../notify'

/** Cleanup from the panel: the same as `discussions cleanup`, deleting only after a second click. */
export function OrphansSection({ folder }: { folder: string }): ReactNode {
  const api = useApi()
  const [orphans, setOrphans] = useState<{ folder: string; files: string[] } | null>(null)
  const [confirming, setConfirming] = useState(false)

  const find = async (): Promise<void> => {
    try {
      setOrphans(await call(api.diagrams.orphans({ folder })))
      setConfirming(false)
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Cleanup')
    }
  }
  const remove = async (): Promise<void> => {
    if (!orphans) return
    try {
      const { deleted, kept } = await call(
        api.diagrams.deleteOrphans({ folder: orphans.folder, files: orphans.files }),
      )
      notifyInfo(
        `Deleted ${deleted.length}${kept.length ? `; kept ${kept.length} referenced meanwhile` : ''}.`,
        'Cleanup',
      )
      setOrphans(null)
      setConfirming(false)
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Cleanup')
    }
  }
  const shorten = (file: string): string =>
    orphans && file.startsWith(orphans.folder) ? file.slice(orphans.folder.length + 1) : file

  return (
    <Stack gap="xs" data-testid="orphans">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Unreferenced diagrams
        </Text>
        <Button size="xs" variant="default" onClick={() => void find()}>
          Find
        </Button>
      </Group>
      {orphans && orphans.files.length === 0 && (
        <Text size="sm" c="dimmed">
          Every diagram in a diagrams/ folder is referenced.
        </Text>
      )}
      {orphans && orphans.files.length > 0 && (
        <>
          <List size="sm" spacing={2}>
            {orphans.files.map((file) => (
              <List.Item key={file}>{shorten(file)}</List.Item>
            ))}
          </List>
          {confirming ? (
            <Group gap="xs">
              <Button size="xs" color="red" onClick={() => void remove()}>
                Delete {orphans.files.length} file{orphans.files.length === 1 ? '' : 's'} for good
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                Keep them
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
              Delete…
            </Button>
          )}
        </>
      )}
    </Stack>
  )
}
