import type { KeyboardEvent, PointerEvent, ReactNode, RefObject } from 'react'
import { useRef } from 'react'

import classes from './ResizablePanel.module.css'
import { clampHeight, heightForKey, maxPanelHeight, MIN_PANEL } from './panel-height'

export interface PanelResizeHandleProps {
  /** The panel being resized: its top edge bounds how tall it may grow. */
  panel: RefObject<HTMLElement | null>
  height: number
  onHeightChange: (height: number) => void
  label: string
  testId: string
}

/**
 * A horizontal splitter under the panel: drag it, or focus it and use the arrow keys (Page
 * Up/Down for bigger steps, Home and End for the bounds). It never lets the panel crowd out the
 * thread below.
 */
export function PanelResizeHandle({
  panel,
  height,
  onHeightChange,
  label,
  testId,
}: PanelResizeHandleProps): ReactNode {
  const drag = useRef<{ startY: number; startHeight: number } | null>(null)
  const max = (): number =>
    maxPanelHeight(window.innerHeight, panel.current?.getBoundingClientRect().top ?? 0)

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = heightForKey(event.key, height, max())
    if (next === null) return
    event.preventDefault()
    onHeightChange(next)
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { startY: event.clientY, startHeight: height }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (!drag.current) return
    onHeightChange(
      clampHeight(drag.current.startHeight + event.clientY - drag.current.startY, max()),
    )
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>): void => {
    drag.current = null
    event.currentTarget.releasePointerCapture(event.pointerId)
  }
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label={label}
      aria-valuenow={height}
      aria-valuemin={MIN_PANEL}
      aria-valuemax={max()}
      tabIndex={0}
      className={classes.handle}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      data-testid={testId}
    />
  )
}
