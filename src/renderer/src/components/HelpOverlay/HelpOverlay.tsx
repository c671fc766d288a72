import { Table, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

import { useActionList } from '../Palette/actions'
import type { ActionGroup } from '../Palette/actions'
import { ActionKeys } from '../Palette/ActionKeys'
import { Dialog } from '../Dialog/Dialog'

export interface HelpOverlayProps {
  opened: boolean
  onClose: () => void
}

const GROUPS: readonly ActionGroup[] = [
  'App',
  'List',
  'Discussion',
  'Comments',
  'Jumps',
  'Composer',
]

/** Every key of the actions on screen, read from the one registry the palette reads too. */
export function HelpOverlay({ opened, onClose }: HelpOverlayProps): ReactNode {
  const actions = useActionList().filter((action) => action.keys.length > 0)
  return (
    <Dialog opened={opened} onClose={onClose} title="Keyboard shortcuts" centered size="lg">
      {GROUPS.map((group) => {
        const rows = actions.filter((action) => action.group === group)
        if (rows.length === 0) return null
        return (
          <section key={group} aria-label={group}>
            <Title order={3} size="sm" mt="sm" mb={4}>
              {group}
            </Title>
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Tbody>
                {rows.map((action) => (
                  <Table.Tr key={action.id} data-action={action.id}>
                    <Table.Td w={150}>
                      <ActionKeys keys={action.keys} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{action.title}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        )
      })}
    </Dialog>
  )
}
