import { Kbd, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Dialog } from '../Dialog/Dialog'

export interface HelpOverlayProps {
  opened: boolean
  onClose: () => void
  /** Whether Q quits (the desktop app) or not (browser mode). */
  canQuit: boolean
}

const mod = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl'

export function HelpOverlay({ opened, onClose, canQuit }: HelpOverlayProps): ReactNode {
  const rows: [ReactNode, string][] = [
    [<Kbd key="r">R</Kbd>, 'Refresh: read the folder and the discussion again'],
    [<Kbd key="t">T</Kbd>, 'Run a turn: choose who answers, then watch them answer live'],
    [<Kbd key="c">C</Kbd>, 'Add a comment, with an optional vote (the draft is kept)'],
    [<Kbd key="d">D</Kbd>, 'Diagrams of the discussion: view, edit, create, clean up'],
    [
      <span key="jk">
        <Kbd>J</Kbd> / <Kbd>K</Kbd>
      </span>,
      'Next / previous comment',
    ],
    [
      <span key="f">
        <Kbd>{mod}</Kbd> + <Kbd>F</Kbd>
      </span>,
      'Find in the discussion (Enter: next, Shift+Enter: previous)',
    ],
    [<Kbd key="esc">Esc</Kbd>, 'Close a dialog or the find bar'],
    [<Kbd key="help">?</Kbd>, 'Show this help'],
    [
      <Kbd key="q">Q</Kbd>,
      canQuit ? 'Quit the app' : 'Quit (desktop app only; here, close the tab)',
    ],
  ]
  return (
    <Dialog opened={opened} onClose={onClose} title="Keyboard shortcuts" centered>
      <Table withRowBorders={false} verticalSpacing={6}>
        <Table.Tbody>
          {rows.map(([keys, action]) => (
            <Table.Tr key={action}>
              <Table.Td w={110}>{keys}</Table.Td>
              <Table.Td>
                <Text size="sm">{action}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Dialog>
  )
}
