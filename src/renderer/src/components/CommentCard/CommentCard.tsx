import { Badge, Group, Paper, Text } from '@mantine/core'
import { memo } from 'react'
import type { ReactNode } from 'react'

import type { CommentInfo } from '@shared/contract'
import { AuthorAvatar } from '../AuthorAvatar/AuthorAvatar'
import { VoteBadge } from '../Badges/VoteBadge'
import { CommentActions } from './CommentActions'
import { CommentDiagrams } from '../Diagrams/CommentDiagrams'
import { Markdown } from '../Markdown/Markdown'
import { ReadAloudButton } from '../ReadAloud/ReadAloudButton'
import classes from './CommentCard.module.css'
import { sameCardProps } from './same-props'
import { shownBody } from './shown-body'

export interface CommentCardProps {
  comment: CommentInfo
  /** The discussion's file: the comment's link and the reply's draft name it. */
  path?: string
  /** Persona role shown beside an AI author's name, when known. */
  role?: string | null
  /** Outlined as the current find match or jump target. */
  active?: boolean
  onOpenLink: (href: string) => void
  /** A line under the comment: what the turn that wrote it reported (time, tokens, cost). */
  note?: ReactNode
}

export const CommentCard = memo(function CommentCard({
  comment,
  path,
  role,
  active = false,
  onOpenLink,
  note,
}: CommentCardProps): ReactNode {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      className={classes.card}
      data-active={active || undefined}
      data-human={comment.human || undefined}
      data-comment-index={comment.index}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <AuthorAvatar name={comment.author} human={comment.human} size="md" />
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} size="sm" truncate>
                {comment.author}
              </Text>
              <Badge
                size="xs"
                variant={comment.human ? 'filled' : 'light'}
                color={comment.human ? 'dark' : 'gray'}
              >
                {comment.human ? 'Human' : 'AI'}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {role ? `${role} · ` : ''}#{comment.index} · line {comment.line}
              {comment.current ? '' : ' · earlier phase'}
              {comment.closed ? '' : ' · unfinished block'}
            </Text>
          </div>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ReadAloudButton text={comment.body} />
          <VoteBadge vote={comment.vote} />
          {path !== undefined && <CommentActions path={path} comment={comment} />}
        </Group>
      </Group>
      <div data-comment-body>
        <Markdown text={shownBody(comment.body, comment.vote)} onOpenLink={onOpenLink} />
      </div>
      <CommentDiagrams body={comment.body} />
      {note}
    </Paper>
  )
}, sameCardProps)
