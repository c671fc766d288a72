import { Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import type { ReactNode } from 'react'

import type { ItemInfo } from '@shared/contract'
import classes from './SidePanel.module.css'

export interface ItemSectionProps {
  title: string
  items: readonly ItemInfo[]
  /** Mantine colour of the count badge and the item marks. */
  colour: string
  /** Newest first (the order people look for questions in); file order otherwise. */
  newestFirst?: boolean
  onJump: (line: number) => void
}

/** How many items a section shows before "Show all": a long discussion can hold thousands. */
const FIRST = 25

/** A titled list of marker items (questions, decisions...); each jumps to its comment. */
export function ItemSection({
  title,
  items,
  colour,
  onJump,
  newestFirst = false,
}: ItemSectionProps): ReactNode {
  const [all, setAll] = useState(false)
  const ordered = newestFirst ? [...items].reverse() : items
  const shown = all ? ordered : ordered.slice(0, FIRST)
  return (
    <section aria-label={title} data-testid={`items-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <Group justify="space-between" mb={6}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
          {title}
        </Text>
        {/* Not a circle: a circle's fixed width cuts "12" to "1.". */}
        <Badge
          size="sm"
          variant="light"
          color={items.length > 0 ? colour : 'gray'}
          miw={22}
          px={6}
          data-count={items.length}
          styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {items.length}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text size="xs" c="dimmed" fs="italic">
          None
        </Text>
      ) : (
        <Stack gap={4}>
          {shown.map((item) => (
            <UnstyledButton
              key={`${item.line}:${item.text}`}
              className={classes.item}
              style={{ '--item-colour': `var(--mantine-color-${colour}-6)` }}
              onClick={() => onJump(item.line)}
              title={`Go to line ${item.line}`}
            >
              <Text size="sm" lineClamp={3}>
                {item.text}
              </Text>
              <Text size="xs" c="dimmed">
                {item.author} · line {item.line}
              </Text>
            </UnstyledButton>
          ))}
          {shown.length < items.length && (
            <Button variant="subtle" size="compact-xs" onClick={() => setAll(true)}>
              Show all {items.length}
            </Button>
          )}
        </Stack>
      )}
    </section>
  )
}
