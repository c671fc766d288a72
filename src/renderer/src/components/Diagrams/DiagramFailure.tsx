import { Alert, Code, ScrollArea, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import classes from './Diagrams.module.css'

export interface DiagramFailureProps {
  ref_: string
  error: string
  source: string | null
  line: number | null
  /** Compact (in a comment card): the source is cut to a few lines. */
  compact?: boolean
}

/** A diagram that did not render: the error, and its source with the failing line marked. */
export function DiagramFailure({
  ref_,
  error,
  source,
  line,
  compact,
}: DiagramFailureProps): ReactNode {
  const lines = source?.split('\n') ?? []
  const shown = compact ? lines.slice(0, 12) : lines
  return (
    <Alert color="red" variant="light" p="xs" data-testid="diagram-error" title={ref_}>
      {error.includes('\n') ? (
        // A multi-line message (Mermaid's parse errors point with a caret): kept whole, as written.
        <Code
          block
          mb={source ? 'xs' : 0}
          data-testid="diagram-error-message"
          className={classes.message}
        >
          {error}
        </Code>
      ) : (
        <Text
          size="sm"
          mb={source ? 'xs' : 0}
          data-testid="diagram-error-message"
          style={{ overflowWrap: 'anywhere' }}
        >
          {error}
        </Text>
      )}
      {source !== null && (
        <ScrollArea.Autosize mah={compact ? 200 : 500}>
          <Code block data-testid="diagram-source">
            {shown
              .map(
                (text, index) =>
                  `${index + 1 === line ? '>' : ' '} ${String(index + 1).padStart(3)}  ${text}`,
              )
              .join('\n')}
            {shown.length < lines.length ? '\n  …' : ''}
          </Code>
        </ScrollArea.Autosize>
      )}
    </Alert>
  )
}
