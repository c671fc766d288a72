import { Avatar } from '@mantine/core'
import { IconRobot } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import { authorColour, authorInitials } from '../../lib/author'

export interface AuthorAvatarProps {
  name: string
  /** AI personas show a robot, humans their initials. */
  human: boolean
  /** Mantine size, `md` by default. */
  size?: 'sm' | 'md' | 'lg'
}

/** An author's avatar: the same colour for the same name everywhere. */
export function AuthorAvatar({ name, human, size = 'md' }: AuthorAvatarProps): ReactNode {
  const colour = authorColour(name)
  return (
    <Avatar
      color={colour}
      variant={human ? 'filled' : 'light'}
      radius="xl"
      size={size}
      role="img"
      aria-label={`${name} (${human ? 'human' : 'AI'})`}
    >
      {human ? authorInitials(name) : <IconRobot size="60%" stroke={1.8} />}
    </Avatar>
  )
}
