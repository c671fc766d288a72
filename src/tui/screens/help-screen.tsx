import { Box } from 'ink'
import { useRef, useState } from 'react'

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
  ['g / G', 'the top / the newest comment, as Home / End'],
  ['j / k', 'next / previous comment (n / p too, before a search)'],
  ['/', 'search this discussion (full text, as `discussions search`)'],
  ['n / N', 'after a search: next / previous hit'],
  ['] / [', 'next / previous open question, concern, decision or REJECT'],
  ['u / U', 'next / previous open question'],
  ['o / O', 'next / previous concern'],
  ['i / I', 'next / previous decision'],
  ['x / X', 'next / previous REJECT vote'],
  ['f', 'the first comment new since you last read this discussion'],
  ['y', 'copy the comment on top as markdown (OSC 52 clipboard)'],
  ['>', 'reply to the comment on top, starting from its quote'],
  ['s', 'summary: votes, verdict, questions, decisions, actions, concerns'],
  ['↑/↓ PgUp/PgDn', 'with the summary shown: scroll the summary'],
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

/** The keys, scrolled with the arrows when the terminal is shorter than the list; any other key closes. */
export function HelpScreen(props: {
  columns: number
  rows: number
  onClose: () => void
}): React.JSX.Element {
  const width = props.columns
  const height = Math.max(1, props.rows - 1)
  const lines = KEYS.map(([key, what]) =>
    what === '' ? { text: key, bold: true } : { text: `  ${key.padEnd(15)} ${what}`, bold: false },
  )
  const last = Math.max(0, lines.length - height)
  const [top, setTop] = useState(0)
  const at = useRef(0)
  useKeys((_input, key) => {
    if (key.upArrow || key.downArrow || key.pageUp || key.pageDown) {
      const step = key.upArrow ? -1 : key.downArrow ? 1 : key.pageUp ? -height : height
      at.current = Math.max(0, Math.min(last, at.current + step))
      setTop(at.current)
    } else props.onClose()
  })
  const shown = lines.slice(top, top + height)
  const below = lines.length - (top + height)
  if (below > 0) shown[shown.length - 1] = { text: `↓ ${below + 1} more (↑/↓ scroll)`, bold: true }
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit('Keys (any other key closes)', width)}
      </Text>
      {shown.map((line, index) => (
        <Text key={index} bold={line.bold}>
          {fit(line.text, width)}
        </Text>
      ))}
    </Box>
  )
}
