import { Textarea } from '@mantine/core'
import { useRef } from 'react'
import type { ReactNode } from 'react'

import classes from './Diagrams.module.css'

export interface NumberedSourceProps {
  value: string
  onChange: (value: string) => void
}

/**
 * The diagram source with line numbers beside it, as the renderers' errors cite lines. Lines do
 * not wrap (the field scrolls sideways), so each number stays beside its own line; the numbers
 * scroll with the text.
 */
export function NumberedSource({ value, onChange }: NumberedSourceProps): ReactNode {
  const gutter = useRef<HTMLPreElement>(null)
  const count = value.split('\n').length
  return (
    <div className={classes.numbered}>
      <pre ref={gutter} className={classes.gutter} aria-hidden data-testid="source-line-numbers">
        {Array.from({ length: count }, (_, i) => i + 1).join('\n')}
      </pre>
      <Textarea
        aria-label="Diagram source"
        autosize
        minRows={16}
        maxRows={30}
        wrap="off"
        className={classes.numberedField}
        classNames={{ input: classes.numberedInput }}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onScroll={(event) => {
          if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop
        }}
      />
    </div>
  )
}
