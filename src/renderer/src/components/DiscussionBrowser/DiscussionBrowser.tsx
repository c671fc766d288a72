import {
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconMessagePlus, IconSearch } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { FolderSidebar } from '../FolderSidebar/FolderSidebar'
import { DiscussionTable } from './DiscussionTable'
import { ALL, filterDiscussions } from './filter'
import { SearchHits } from './SearchHits'
import { useFolderSearch } from './useFolderSearch'
import classes from './DiscussionBrowser.module.css'
import { ERROR_TEXT } from '../../theme'

export interface DiscussionBrowserProps {
  folder: string | null
  /** Changes when the list should be read again (R, or a change on disk). */
  version: number
  onFolderChange: (folder: string) => void
  onOpen: (path: string) => void
  onNew: () => void
}

/** The discussions of the open folder: filter by status, search their text, open one. */
export function DiscussionBrowser({
  folder,
  version,
  onFolderChange,
  onOpen,
  onNew,
}: DiscussionBrowserProps): ReactNode {
  const api = useApi()
  const [status, setStatus] = useState(ALL)
  const [search, setSearch] = useState('')
  const { data, loading, error } = useRequest(
    folder,
    () => call(api.discussions.list({ folder: folder ?? '' })),
    version,
  )
  const statuses = useMemo(
    () =>
      [
        ...new Set((data ?? []).map((item) => (item.status ?? '').toUpperCase()).filter(Boolean)),
      ].sort(),
    [data],
  )
  const found = useFolderSearch(folder, search, version)
  const shown = useMemo(() => {
    const kept = filterDiscussions(data ?? [], status, '')
    if (!found) return kept
    const matched = new Set(found.matched)
    return kept.filter((item) => matched.has(item.path))
  }, [data, status, found])

  return (
    <div className={classes.layout}>
      <FolderSidebar current={folder} version={version} onSelect={onFolderChange} />
      <div className={classes.main}>
        <Stack gap="sm" p="md" pb="xs">
          <Group justify="space-between">
            <div>
              <Title order={3}>Discussions</Title>
              <Text size="xs" c="dimmed" truncate maw={600}>
                {folder ?? 'No folder open'}
              </Text>
            </div>
            <Button leftSection={<IconMessagePlus size={18} />} onClick={onNew} disabled={!folder}>
              New discussion
            </Button>
          </Group>
          <Group gap="sm">
            <TextInput
              placeholder="Search discussions"
              aria-label="Search discussions"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={280}
            />
            <SegmentedControl
              aria-label="Filter by status"
              value={statuses.includes(status) ? status : ALL}
              onChange={setStatus}
              data={[
                { value: ALL, label: 'All' },
                ...statuses.map((value) => ({ value, label: value.replace(/_/g, ' ') })),
              ]}
            />
          </Group>
          {found && <SearchHits results={found} />}
        </Stack>
        <ScrollArea className={classes.list} px="md">
          {!data && loading && (
            <Center p="xl">
              <Loader />
            </Center>
          )}
          {data && shown.length > 0 && <DiscussionTable discussions={shown} onOpen={onOpen} />}
          {data && shown.length === 0 && (
            <Center p="xl">
              <Text c="dimmed">
                {data.length === 0
                  ? 'No discussions in this folder yet. Start one with “New discussion”.'
                  : 'No discussion matches the filter.'}
              </Text>
            </Center>
          )}
          {!data && error && (
            <Center p="xl">
              <Text c={ERROR_TEXT}>{error}</Text>
            </Center>
          )}
        </ScrollArea>
      </div>
    </div>
  )
}
