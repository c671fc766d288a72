import { Button, NavLink, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core'
import { IconClock, IconFolder, IconFolderOpen, IconFolderPlus } from '@tabler/icons-react'
import { useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { useAppInfo } from '../../api/AppInfoContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { notifyError } from '../../notify'
import classes from './FolderSidebar.module.css'

export interface FolderSidebarProps {
  current: string | null
  version: number
  onSelect: (folder: string) => void
}

const baseName = (path: string): string => path.split(/[\\/]/).filter(Boolean).pop() ?? path

/**
 * The open and recent folders, and "Open folder…" (the system picker); the browser mode can open
 * only folders inside the one the server was started on, so it offers "Open a subfolder…" instead.
 */
export function FolderSidebar({ current, version, onSelect }: FolderSidebarProps): ReactNode {
  const api = useApi()
  const info = useAppInfo()
  const [typed, setTyped] = useState('')
  const [asking, setAsking] = useState(false)
  const [opened, setOpened] = useState(0)
  const { data } = useRequest('workspace', () => call(api.workspace.recent()), version + opened)

  const open = async (folder?: string): Promise<void> => {
    try {
      const result = await call(api.workspace.open(folder === undefined ? {} : { folder }))
      if (result.folder) {
        setOpened((n) => n + 1)
        setAsking(false)
        setTyped('')
        onSelect(result.folder)
      }
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Folder not opened')
    }
  }
  const folders = data?.folders ?? []
  const recent = (data?.recent ?? []).filter((folder) => !folders.includes(folder))
  const link = (folder: string, icon: ReactNode): ReactNode => (
    <NavLink
      key={folder}
      label={baseName(folder)}
      description={folder}
      leftSection={icon}
      active={folder === current}
      onClick={() => (folders.includes(folder) ? onSelect(folder) : void open(folder))}
      classNames={{ description: classes.path }}
    />
  )

  return (
    <ScrollArea className={classes.sidebar}>
      <Stack gap="xs" p="sm">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs" pt="xs">
          Open folders
        </Text>
        <div>{folders.map((folder) => link(folder, <IconFolderOpen size={18} />))}</div>
        {info?.mode === 'electron' ? (
          <Button
            variant="light"
            leftSection={<IconFolderPlus size={16} />}
            onClick={() => void open()}
          >
            Open folder…
          </Button>
        ) : (
          <Popover
            opened={asking}
            onChange={setAsking}
            width={320}
            position="bottom-start"
            trapFocus
          >
            <Popover.Target>
              <Button
                variant="light"
                leftSection={<IconFolderPlus size={16} />}
                onClick={() => setAsking((v) => !v)}
              >
                Open a subfolder…
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <form
                onSubmit={(event) => {
                  event.preventDefault()
                  if (typed.trim()) void open(typed.trim())
                }}
              >
                <TextInput
                  label="Folder path"
                  description="A folder inside one the server was started on; others stay closed to the browser."
                  placeholder="/home/me/project/discussions"
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  data-autofocus
                />
                <Button type="submit" mt="sm" fullWidth disabled={!typed.trim()}>
                  Open
                </Button>
              </form>
            </Popover.Dropdown>
          </Popover>
        )}
        {recent.length > 0 && (
          <>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs" pt="md">
              Recent
            </Text>
            <div>{recent.map((folder) => link(folder, <IconClock size={18} />))}</div>
          </>
        )}
        {folders.length === 0 && (
          <Text size="sm" c="dimmed" px="xs">
            <IconFolder size={14} /> No folder open yet.
          </Text>
        )}
      </Stack>
    </ScrollArea>
  )
}
