import { Box } from 'ink'

import { useKeys } from '../keys.js'

import { fit } from '../view-model/text.js'
import { Text } from '../safe-text.js'

export const KEYS: [string, string][] = [
  ['Browsing', ''],
  ['type', 'filter the list (title, status, phase, template, file)'],
  ['↑/↓ PgUp/PgDn', 'choose a discussion'],
  ['Enter', 'open it'],
  ['Esc', 'clear the filter; with no filter, quit'],
  ['Reading', ''],
  ['↑/↓ PgUp/PgDn', 'scroll a line / a page (Space pages too)'],
  ['Home / End', 'the top / the newest comment'],
  ['n / p', 'next / previous comment'],
  ['s', 'summary: votes, verdict, questions, decisions, actions, concerns'],
  ['r or t', 'run a turn (choose who answers; Esc or Ctrl-C cancels)'],
  ['c', 'comment with a vote (Ctrl-S saves, Ctrl-E $EDITOR)'],
  ['a', 'advance to the next phase (votes start again)'],
  ['d', 'diagrams with a text preview; e edits one, n adds one'],
  ['l', 'read the comment at the top aloud (again: stop)'],
  ['Esc or b', 'back to the list'],
  ['Anywhere', ''],
  ['?', 'these keys'],
  ['q / Ctrl-C', 'quit (Ctrl-C in a turn cancels it)'],
]

export function HelpScreen(props: { columns: number; onClose: () => void }): React.JSX.Element {
  useKeys(() => props.onClose())
  const width = props.columns
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit('Keys (any key closes)', width)}
      </Text>
      {KEYS.map(([key, what]) =>
        what === '' ? (
          <Text key={key} bold>
            {fit(key, width)}
          </Text>
        ) : (
          <Text key={key + what}>{fit(`  ${key.padEnd(15)} ${what}`, width)}</Text>
        ),
      )}
    </Box>
  )
}
