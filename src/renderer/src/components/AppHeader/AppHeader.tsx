import {
  ActionIcon,
  Badge,
  Group,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core'
import { IconHelp, IconMessages, IconMoon, IconRefresh, IconSun } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import type { AppInfo } from '@shared/contract'
import { useSignedName } from '../Composer/draft'
import { PanelButtons } from '../Panels/PanelButtons'

export interface AppHeaderProps {
  info: AppInfo | null
  onHome: () => void
  onRefresh: () => void
  onHelp: () => void
}

export function AppHeader({ info, onHome, onRefresh, onHelp }: AppHeaderProps): ReactNode {
  const { setColorScheme } = useMantineColorScheme()
  const scheme = useComputedColorScheme('light')
  const dark = scheme === 'dark'
  const signedAs = useSignedName(info?.userName ?? null)
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <UnstyledButton onClick={onHome} aria-label="All discussions">
        <Group gap="xs" wrap="nowrap">
          <IconMessages size={22} color="var(--mantine-primary-color-filled)" />
          <Text fw={700}>{info?.name ?? 'Orchestrated Discussions'}</Text>
          {info?.mode === 'browser' && (
            <Badge size="xs" variant="light" color="gray">
              browser mode
            </Badge>
          )}
        </Group>
      </UnstyledButton>
      <Group gap={6} wrap="nowrap">
        {signedAs && (
          <Tooltip label="Comments are signed with this name; change it in the comment box">
            <Text size="xs" c="dimmed" mr="xs" data-testid="signed-as">
              Signed as {signedAs}
            </Text>
          </Tooltip>
        )}
        <PanelButtons />
        <Tooltip label="Refresh (R)">
          <ActionIcon variant="default" size="lg" onClick={onRefresh} aria-label="Refresh">
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={dark ? 'Light theme' : 'Dark theme'}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setColorScheme(dark ? 'light' : 'dark')}
            aria-label="Toggle colour scheme"
            data-testid="theme-toggle"
          >
            {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Keyboard shortcuts (?)">
          <ActionIcon variant="default" size="lg" onClick={onHelp} aria-label="Keyboard shortcuts">
            <IconHelp size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  )
}
