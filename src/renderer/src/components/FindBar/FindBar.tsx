import { ActionIcon, Group, Paper, Text, TextInput, Tooltip } from '@mantine/core'
import { IconChevronDown, IconChevronUp, IconSearch, IconX } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'

export interface FindBarProps {
  query: string
  onQueryChange: (query: string) => void
  /** Position of the current hit (0-based) and how many there are. */
  current: number
  total: number
  /** The current hit's comment number as `parse` numbers it; null: the discussion's opening. */
  comment: number | null
  /** The query has characters but no word to look for (only punctuation, say). */
  noWords: boolean
  /** The answer to the query as typed is on its way. */
  searching: boolean
  /** Why the search did not answer, in words; null when it did. */
  failure: string | null
  /** Changes when the person asks for the bar again (Ctrl+F): its field takes the focus. */
  focusRequests: number
  onNext: () => void
  onPrevious: () => void
  onClose: () => void
}

/** What the bar says about the hits: `hit 2 of 5 · comment #7`. */
function hitText(props: FindBarProps): string {
  const { query, current, total, comment, noWords, failure, searching } = props
  if (failure !== null) return failure
  if (query.trim() === '') return ''
  if (noWords) return 'Type letters or digits'
  if (total === 0) return searching ? 'Searching…' : 'No matches'
  return `hit ${current + 1} of ${total} · ${comment === null ? 'the opening' : `comment #${comment}`}`
}

/**
 * Find in discussion: replaces the browser's Ctrl+F, which cannot see a virtualized list. The
 * hits are core search's, as `discussions search QUERY FILE` finds them.
 */
export function FindBar(props: FindBarProps): ReactNode {
  const { query, total, focusRequests } = props
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    field.current?.focus()
    field.current?.select()
  }, [focusRequests])
  return (
    <Paper withBorder shadow="sm" p={6} radius="md" role="search">
      <Group gap={6} wrap="nowrap">
        <TextInput
          ref={field}
          size="xs"
          w={260}
          placeholder="Find in discussion"
          aria-label="Find in discussion"
          leftSection={<IconSearch size={14} />}
          value={query}
          onChange={(event) => props.onQueryChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            const back = (event.key === 'Enter' && event.shiftKey) || event.key === 'ArrowUp'
            const forward = (event.key === 'Enter' && !event.shiftKey) || event.key === 'ArrowDown'
            if (!back && !forward) return
            event.preventDefault()
            if (back) props.onPrevious()
            else props.onNext()
          }}
        />
        <Text
          size="xs"
          c={props.failure === null ? 'dimmed' : 'red'}
          miw={150}
          ta="center"
          aria-live="polite"
          data-testid="find-status"
        >
          {hitText(props)}
        </Text>
        <Tooltip label="Previous (Shift+Enter or ↑)">
          <ActionIcon
            variant="subtle"
            onClick={props.onPrevious}
            disabled={total === 0}
            aria-label="Previous match"
          >
            <IconChevronUp size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next (Enter or ↓)">
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
