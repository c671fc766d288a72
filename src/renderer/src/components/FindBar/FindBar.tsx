import { ActionIcon, Group, Paper, Text, TextInput, Tooltip } from '@mantine/core'
import { IconChevronDown, IconChevronUp, IconSearch, IconX } from '@tabler/icons-react'
import type { ReactNode } from 'react'

export interface FindBarProps {
  query: string
  onQueryChange: (query: string) => void
  /** Position of the current match (0-based) and how many comments match. */
  current: number
  total: number
  onNext: () => void
  onPrevious: () => void
  onClose: () => void
}

/** Find in discussion: replaces the browser's Ctrl+F, which cannot see a virtualized list. */
export function FindBar(props: FindBarProps): ReactNode {
  const { query, current, total } = props
  return (
    <Paper withBorder shadow="sm" p={6} radius="md" role="search">
      <Group gap={6} wrap="nowrap">
        <TextInput
          autoFocus
          size="xs"
          w={260}
          placeholder="Find in discussion"
          aria-label="Find in discussion"
          leftSection={<IconSearch size={14} />}
          value={query}
          onChange={(event) => props.onQueryChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              if (event.shiftKey) props.onPrevious()
              else props.onNext()
            }
          }}
        />
        <Text size="xs" c="dimmed" w={90} ta="center" aria-live="polite">
          {query.trim() === '' ? '' : total === 0 ? 'No matches' : `${current + 1} of ${total}`}
        </Text>
        <Tooltip label="Previous (Shift+Enter)">
          <ActionIcon
            variant="subtle"
            onClick={props.onPrevious}
            disabled={total === 0}
            aria-label="Previous match"
          >
            <IconChevronUp size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next (Enter)">
          <ActionIcon
            variant="subtle"
            onClick={props.onNext}
            disabled={total === 0}
            aria-label="Next match"
          >
            <IconChevronDown size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Close (Esc)">
          <ActionIcon variant="subtle" color="gray" onClick={props.onClose} aria-label="Close find">
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  )
}
