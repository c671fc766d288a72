import { ActionIcon, Button, Group, Loader, Text, Tooltip } from '@mantine/core'
import {
  IconChevronLeft,
  IconChevronRight,
  IconPencil,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import type { PointerEvent, ReactNode, WheelEvent } from 'react'

import { isTyping } from '../../lib/shortcuts'
import { DiagramFailure } from '../Diagrams/DiagramFailure'
import { useDiagram } from '../Diagrams/useDiagram'
import classes from './DiagramViewer.module.css'
import { Dialog } from '../Dialog/Dialog'

export interface DiagramViewerProps {
  /** The discussion file. */
  path: string
  version: number
  /** The diagram shown; null: closed. */
  diagramRef: string | null
  /** Every diagram of the discussion, in order: previous and next step through them. */
  refs?: readonly string[]
  onNavigate?: (ref: string) => void
  /** Opens the diagram's source in the editor. */
  onEdit?: (ref: string) => void
  onClose: () => void
}

const MIN = 0.1
const MAX = 8

function clamp(scale: number): number {
  return Math.min(MAX, Math.max(MIN, scale))
}

function Picture({
  path,
  version,
  diagramRef,
}: {
  path: string
  version: number
  diagramRef: string
}): ReactNode {
  const loaded = useDiagram(path, diagramRef, version)
  const [scale, setScale] = useState(1)
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const drag = useRef<{ x: number; y: number } | null>(null)

  useEffect(() => {
    const keys = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return
      if (event.key === '+' || event.key === '=') setScale((s) => clamp(s * 1.25))
      else if (event.key === '-') setScale((s) => clamp(s / 1.25))
      else if (event.key === '0') {
        setScale(1)
        setOffset({ x: 0, y: 0 })
      }
    }
    window.addEventListener('keydown', keys)
    return () => window.removeEventListener('keydown', keys)
  }, [])

  if (!loaded)
    return (
      <div className={classes.fill}>
        <Loader />
      </div>
    )
  if (!loaded.url)
    return (
      <div className={classes.fill}>
        <DiagramFailure
          ref_={diagramRef}
          error={loaded.error ?? 'Not rendered.'}
          source={loaded.source}
          line={loaded.line}
        />
      </div>
    )
  const onWheel = (event: WheelEvent): void =>
    setScale((s) => clamp(s * (event.deltaY < 0 ? 1.1 : 1 / 1.1)))
  const onPointerDown = (event: PointerEvent): void => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX - offset.x, y: event.clientY - offset.y }
  }
  const onPointerMove = (event: PointerEvent): void => {
    if (drag.current)
      setOffset({ x: event.clientX - drag.current.x, y: event.clientY - drag.current.y })
  }
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          Wheel or +/− to zoom, drag to move, 0 to reset · {Math.round(scale * 100)}%
        </Text>
        <Group gap={4}>
          <Tooltip label="Zoom out (−)">
            <ActionIcon
              variant="default"
              aria-label="Zoom out"
              onClick={() => setScale((s) => clamp(s / 1.25))}
            >
              <IconZoomOut size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Actual size (0)">
            <ActionIcon
              variant="default"
              aria-label="Reset zoom"
              onClick={() => {
                setScale(1)
                setOffset({ x: 0, y: 0 })
              }}
            >
              <IconZoomReset size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Zoom in (+)">
            <ActionIcon
              variant="default"
              aria-label="Zoom in"
              onClick={() => setScale((s) => clamp(s * 1.25))}
            >
              <IconZoomIn size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <div
        className={classes.stage}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        data-testid="diagram-stage"
        data-scale={scale.toFixed(2)}
      >
        <img
          src={loaded.url}
          alt={`Diagram ${diagramRef}`}
          draggable={false}
          className={classes.image}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
        />
      </div>
    </>
  )
}

function Navigation({
  diagramRef,
  refs,
  onNavigate,
  onEdit,
}: {
  diagramRef: string
  refs: readonly string[]
  onNavigate?: (ref: string) => void
  onEdit?: (ref: string) => void
}): ReactNode {
  const at = refs.indexOf(diagramRef)
  const previous = at > 0 ? refs[at - 1] : undefined
  const next = at >= 0 && at < refs.length - 1 ? refs[at + 1] : undefined
  useEffect(() => {
    const keys = (event: KeyboardEvent): void => {
      if (isTyping(event.target)) return
      if (event.key === 'ArrowLeft' && previous) onNavigate?.(previous)
      else if (event.key === 'ArrowRight' && next) onNavigate?.(next)
    }
    window.addEventListener('keydown', keys)
    return () => window.removeEventListener('keydown', keys)
  }, [previous, next, onNavigate])
  return (
    <Group justify="space-between" mb="xs" wrap="nowrap">
      <Group gap={6} wrap="nowrap">
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!previous || !onNavigate}
          onClick={() => previous && onNavigate?.(previous)}
        >
          Previous
        </Button>
        <Text size="sm" c="dimmed" data-testid="diagram-position" style={{ whiteSpace: 'nowrap' }}>
          {at >= 0 ? `${at + 1} of ${refs.length}` : ''}
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          rightSection={<IconChevronRight size={14} />}
          disabled={!next || !onNavigate}
          onClick={() => next && onNavigate?.(next)}
        >
          Next
        </Button>
      </Group>
      {onEdit && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPencil size={14} />}
          onClick={() => onEdit(diagramRef)}
        >
          Edit source
        </Button>
      )}
    </Group>
  )
}

/**
 * One diagram, large, with zoom and pan; previous and next (← →) through the discussion's. The
 * dialog keeps one size and place whatever the diagram, so Previous and Next stay under the
 * mouse from one diagram to the next.
 */
export function DiagramViewer({
  path,
  version,
  diagramRef,
  refs = [],
  onNavigate,
  onEdit,
  onClose,
}: DiagramViewerProps): ReactNode {
  return (
    <Dialog
      opened={diagramRef !== null}
      onClose={onClose}
      title={diagramRef}
      size="90%"
      yOffset="4vh"
      classNames={{ content: classes.content, body: classes.body }}
      data-testid="diagram-viewer"
    >
      {diagramRef !== null && (
        <>
          <Navigation diagramRef={diagramRef} refs={refs} onNavigate={onNavigate} onEdit={onEdit} />
          <Picture key={diagramRef} path={path} version={version} diagramRef={diagramRef} />
        </>
      )}
    </Dialog>
  )
}
