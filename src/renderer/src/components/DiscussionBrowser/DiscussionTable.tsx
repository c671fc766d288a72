import { Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'

import type { DiscussionSummary } from '@shared/contract'
import { formatDateTime, timeAgo } from '../../lib/time'
import { StatusBadge } from '../Badges/StatusBadge'
import classes from './DiscussionBrowser.module.css'
import type { SortColumn, SortOrder } from './list-order'
import { SortHeader } from './SortHeader'

export interface DiscussionTableProps {
  discussions: readonly DiscussionSummary[]
  onOpen: (path: string) => void
  /** The columns' order (null: the folder's own) and what a header's click asks. */
  order?: SortOrder | null
  onSort?: (column: SortColumn) => void
  /** How many comments came since the person last read each discussion. */
  unread?: (path: string) => number
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

function VoteSummary({ votes }: { votes: DiscussionSummary['votes'] }): ReactNode {
  const total = votes.READY + votes.CHANGES + votes.REJECT
  if (total === 0)
    return (
      <Text size="xs" c="dimmed">
        no votes
      </Text>
    )
  return (
    <Tooltip label={`${votes.READY} READY · ${votes.CHANGES} CHANGES · ${votes.REJECT} REJECT`}>
      <Group gap={4} wrap="nowrap">
        <Badge size="sm" color="green" variant="light" miw={26} style={{ flexShrink: 0 }}>
          {votes.READY}
        </Badge>
        <Badge size="sm" color="yellow" variant="light" miw={26} style={{ flexShrink: 0 }}>
          {votes.CHANGES}
        </Badge>
        <Badge size="sm" color="red" variant="light" miw={26} style={{ flexShrink: 0 }}>
          {votes.REJECT}
        </Badge>
      </Group>
    </Tooltip>
  )
}

/** Comments added since the person last read the discussion; nothing when none. */
function NewCount({ count }: { count: number }): ReactNode {
  if (count === 0)
    return (
      <Text size="xs" c="dimmed">
        nothing new
      </Text>
    )
  return (
    <Badge size="xs" variant="filled" style={{ whiteSpace: 'nowrap' }}>
      {count}
      <span aria-hidden> new</span>
      <VisuallyHidden> since you last read it</VisuallyHidden>
    </Badge>
  )
}

/** The discussions of a folder, one row each; a row opens its discussion (click or Enter). */
export function DiscussionTable({
  discussions,
  onOpen,
  order = null,
  onSort = () => {},
  unread = () => 0,
}: DiscussionTableProps): ReactNode {
  const header = { order, onSort }
  return (
    <Table highlightOnHover verticalSpacing="sm" stickyHeader data-testid="discussion-table">
      <Table.Thead>
        <Table.Tr>
          <SortHeader column="title" {...header}>
            Discussion
          </SortHeader>
          <SortHeader column="phase" {...header}>
            Phase
          </SortHeader>
          <SortHeader column="status" {...header}>
            Status
          </SortHeader>
          <SortHeader column="votes" {...header}>
            Votes
          </SortHeader>
          <SortHeader column="comments" align="right" {...header}>
            Comments
          </SortHeader>
          <SortHeader column="lastActivity" {...header}>
            Last activity
          </SortHeader>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {discussions.map((discussion) => (
          <Table.Tr
            key={discussion.path}
            className={classes.row}
            tabIndex={0}
            role="link"
            aria-label={`Open ${discussion.title}`}
            data-discussion={discussion.title}
            onClick={() => onOpen(discussion.path)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onOpen(discussion.path)
            }}
          >
            {/* Titles wrap (three lines at most) rather than lose the words that tell them apart. */}
            <Table.Td miw={180}>
              <Text fw={600} size="sm" lineClamp={3} title={discussion.title}>
                {discussion.title}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {discussion.template ? `${discussion.template} · ` : ''}
                {fileName(discussion.path)}
              </Text>
              {discussion.note !== undefined && (
                <Text size="xs" c="orange" data-testid="discussion-note">
                  {discussion.note}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{discussion.phase?.replace(/_/g, ' ') ?? '-'}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <StatusBadge status={discussion.status} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <VoteSummary votes={discussion.votes} />
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{discussion.comments}</Text>
              <div data-column="unread">
                <NewCount count={unread(discussion.path)} />
              </div>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Tooltip label={formatDateTime(discussion.lastActivity)}>
                <Text size="sm" c="dimmed">
                  {timeAgo(discussion.lastActivity)}
                </Text>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
