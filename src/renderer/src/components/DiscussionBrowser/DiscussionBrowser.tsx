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

import { unreadCount } from '@core/navigation/jumps'
import { useApi } from '../../api/ApiContext'
import { useAppInfo } from '../../api/AppInfoContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { useSignedName } from '../Composer/draft'
import { FolderSidebar } from '../FolderSidebar/FolderSidebar'
import { readCount } from '../Jumps/last-read'
import { DiscussionTable } from './DiscussionTable'
import { ALL, filterDiscussions } from './filter'
import { facetValues, filterByFacets, NO_FACETS, sortDiscussions, toggleSort } from './list-order'
import type { Facets, SortOrder } from './list-order'
import { ListFacets } from './ListFacets'
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
  const [facets, setFacets] = useState<Facets>(NO_FACETS)
  const [order, setOrder] = useState<SortOrder | null>(null)
  const info = useAppInfo()
  const person = useSignedName(info?.userName ?? null) ?? ''
  const unread = useMemo(() => {
    const counts = new Map(
      (data ?? []).map((d) => [d.path, unreadCount(d.comments, readCount(person, d.path))]),
    )
    return (path: string): number => counts.get(path) ?? 0
  }, [data, person])
  const values = useMemo(() => facetValues(data ?? []), [data])
  const shown = useMemo(() => {
    const kept = filterByFacets(filterDiscussions(data ?? [], status, ''), facets)
    const matched = found ? new Set(found.matched) : null
    const searched = matched ? kept.filter((item) => matched.has(item.path)) : kept
    return sortDiscussions(searched, order, unread)
  }, [data, status, found, facets, order, unread])

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
            <ListFacets facets={facets} values={values} onChange={setFacets} />
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
          {data && shown.length > 0 && (
            <DiscussionTable
              discussions={shown}
              onOpen={onOpen}
              order={order}
              onSort={(column) => setOrder((current) => toggleSort(current, column))}
              unread={unread}
            />
          )}
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
