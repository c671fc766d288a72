/**
 * The one place text reaches Ink. Titles, names, answers and errors come from files, configs and
 * models; Ink writes a string as it is, escape sequences included. So the terminal UI's `Text` is
 * this one: each string it holds passes the terminal sanitiser, and lint keeps Ink's own `Text`
 * (and `Transform`, which rewrites what is drawn) out of every other file
 * (eslint/terminal-output.js). Colours stay Ink's props, never sequences in the text.
 */
import { Text as InkText } from 'ink'
import type { TextProps } from 'ink'
import { Children } from 'react'

import { sanitizeForTerminal } from '../core/terminal/sanitize-for-terminal.js'

export function Text(props: TextProps): React.JSX.Element {
  const { children, ...style } = props
  return (
    <InkText {...style}>
      {Children.map(children, (child) =>
        typeof child === 'string' ? sanitizeForTerminal(child) : child,
      )}
    </InkText>
  )
}
