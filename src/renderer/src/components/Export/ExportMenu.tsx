import { ActionIcon, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core'
import { IconFileExport } from '@tabler/icons-react'
import { useState } from 'react'
import type { ReactNode } from 'react'

import type { AdrFlavorName, ExportWritten } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError, notifyInfo } from '../../notify'
import { Dialog } from '../Dialog/Dialog'

/** What can be exported, as the menu names it. */
type ExportKind = { adr: AdrFlavorName } | { html: true }

const ADR_ITEMS: { flavor: AdrFlavorName; label: string; where: string }[] = [
  { flavor: 'madr', label: 'Decision record (MADR)', where: 'docs/decisions' },
  { flavor: 'adr-tools', label: 'Decision record (adr-tools)', where: '.adr-dir, else doc/adr' },
  { flavor: 'log4brains', label: 'Decision record (log4brains)', where: 'docs/adr' },
]

export interface ExportMenuProps {
  /** The discussion's path. */
  path: string
}

/** A path shown from the discussion's folder when it lies beside or below it. */
function shortPath(file: string, discussion: string): string {
  const folder = discussion.replace(/[\\/][^\\/]*$/, '')
  const project = folder.replace(/[\\/][^\\/]*$/, '')
  if (file.startsWith(`${folder}/`)) return file.slice(folder.length + 1)
  if (file.startsWith(`${project}/`)) return file.slice(project.length + 1)
  return file
}

/**
 * Export (on a discussion's header): its decision as an ADR in one of three formats, written
 * into the project where that format's tools look, or the discussion as one HTML page beside it.
 * A file that is there is replaced only after the person says so.
 */
export function ExportMenu({ path }: ExportMenuProps): ReactNode {
  const api = useApi()
  const [busy, setBusy] = useState(false)
  const [exists, setExists] = useState<{ kind: ExportKind; file: string } | null>(null)

  const run = async (kind: ExportKind, force = false): Promise<void> => {
    setBusy(true)
    try {
      const written: ExportWritten = await call(
        'adr' in kind
          ? api.exports.adr({ path, flavor: kind.adr, force })
          : api.exports.html({ path, force }),
      )
      if (!written.written) {
        setExists({ kind, file: written.file })
        return
      }
      setExists(null)
      const what = 'adr' in kind ? 'Decision record' : 'Page'
      notifyInfo(
        `${shortPath(written.file, path)} (${written.detail})`,
        `${what} ${written.replaced ? 'replaced' : 'written'}`,
      )
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Not exported')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {/* Without the focus placeholder: a focusable div in a `menu` is a child axe refuses. */}
      <Menu
        position="bottom-end"
        withinPortal
        shadow="md"
        width={290}
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <Tooltip label="Export the decision or the whole discussion">
            <ActionIcon variant="default" size="lg" aria-label="Export" loading={busy}>
              <IconFileExport size={18} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          {ADR_ITEMS.map((item) => (
            <Menu.Item key={item.flavor} onClick={() => void run({ adr: item.flavor })}>
              <Text size="sm">{item.label}</Text>
              <Text size="xs" c="dimmed">
                into {item.where}
              </Text>
            </Menu.Item>
          ))}
          <Menu.Item onClick={() => void run({ html: true })}>
            <Text size="sm">HTML page</Text>
            <Text size="xs" c="dimmed">
              one file beside the discussion, readable anywhere
            </Text>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Dialog
        opened={exists !== null}
        onClose={() => setExists(null)}
        title="Replace the file?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            <b>{exists ? shortPath(exists.file, path) : ''}</b> is already there
            {exists && 'adr' in exists.kind ? ': a record of this decision.' : '.'} Replace it with
            a new export?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setExists(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => exists && void run(exists.kind, true)}
            >
              Replace
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  )
}
