import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import { PanelResizeHandle } from './PanelResizeHandle'
import { clampHeight, maxPanelHeight, rememberedHeight, rememberHeight } from './panel-height'
import classes from './ResizablePanel.module.css'

export interface ResizablePanelProps {
  /**
   * Which panel this is (`council`, `debate`): it names the height kept in localStorage, so each
   * panel remembers its own, and the test ids `<name>-panel` and `<name>-resize`.
   */
  name: string
  /** The handle's accessible name, e.g. "Resize the council panel". */
  label: string
  /**
   * The panel's own accessible name, e.g. "Council". The panel scrolls, so it is a focusable
   * region: a keyboard user can scroll it even when nothing inside takes focus.
   */
  regionLabel: string
  /** The panel's own padding and look, beside the scrolling this component gives it. */
  className?: string
  children: ReactNode
}

/** The panel's height before the person resized it: enough to read, never most of the window. */
const defaultHeight = (): number => Math.round(window.innerHeight * 0.42)

/**
 * A panel above the thread that scrolls inside itself, with a handle under it to resize it by
 * drag or keyboard. The height is remembered per panel and always clamped so that the thread
 * below keeps its room, in whatever window.
 */
export function ResizablePanel({
  name,
  label,
  regionLabel,
  className,
  children,
}: ResizablePanelProps): ReactNode {
  const [height, setHeight] = useState(() => rememberedHeight(name) ?? defaultHeight())
  const panel = useRef<HTMLDivElement>(null)
  // The tallest the panel may be where it sits now: the thread below keeps its room.
  const [limit, setLimit] = useState(Number.POSITIVE_INFINITY)
  const measure = useCallback(
    () =>
      setLimit(maxPanelHeight(window.innerHeight, panel.current?.getBoundingClientRect().top ?? 0)),
    [],
  )
  // Measured after every render, since what sits above (an alert, a wrapped header) can move the
  // panel down; React drops the update when the bound has not changed.
  useLayoutEffect(() => measure())
  useEffect(() => {
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [measure])
  const shown = clampHeight(height, limit)
  const resize = (next: number): void => {
    setHeight(next)
    rememberHeight(name, next)
  }
  return (
    <>
      <div
        ref={panel}
        className={className ? `${classes.panel} ${className}` : classes.panel}
        style={{ maxHeight: shown }}
        data-testid={`${name}-panel`}
        role="region"
        aria-label={regionLabel}
        tabIndex={0}
      >
        {children}
      </div>
      <PanelResizeHandle
        panel={panel}
        height={shown}
        onHeightChange={resize}
        label={label}
        testId={`${name}-resize`}
      />
    </>
  )
}
