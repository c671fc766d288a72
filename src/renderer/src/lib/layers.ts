/**
 * Esc closes the topmost open layer and only that one. Each dialog, drawer or bar that Esc closes
 * registers here while it is open; one capture listener on the window closes the latest and stops
 * the key there, so the layers beneath (a composer under the diagram editor, the diagrams panel
 * under Edit source, the find bar under a dialog) stay open.
 */
import { useEffect, useRef } from 'react'

interface Layer {
  close: () => void
  /** Covers the page (a dialog, a drawer): single-key shortcuts wait until it closes. */
  modal: boolean
}

const layers: Layer[] = []

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.isComposing) return
  // An open dropdown (a Select's options, a menu) takes its Esc first, as Mantine marks it.
  const target = event.target
  if (target instanceof Element && target.getAttribute('data-mantine-stop-propagation') === 'true')
    return
  const top = layers.at(-1)
  if (!top) return
  event.preventDefault()
  event.stopPropagation()
  top.close()
}

/**
 * While `opened`, this layer is the topmost until another opens: Esc calls `close`. A bar that
 * leaves the page usable (find) or a sound playing passes `modal: false`.
 */
export function useEscapeLayer(
  opened: boolean,
  close: () => void,
  { modal = true }: { modal?: boolean } = {},
): void {
  const latest = useRef(close)
  useEffect(() => {
    latest.current = close
  })
  useEffect(() => {
    if (!opened) return
    const layer: Layer = { close: () => latest.current(), modal }
    layers.push(layer)
    if (layers.length === 1) window.addEventListener('keydown', onKeyDown, true)
    return () => {
      const index = layers.indexOf(layer)
      if (index >= 0) layers.splice(index, 1)
      if (layers.length === 0) window.removeEventListener('keydown', onKeyDown, true)
    }
  }, [opened, modal])
}

/** True while a dialog or drawer covers the page: single-key shortcuts then do nothing. */
export function modalLayerOpen(): boolean {
  return layers.some((layer) => layer.modal)
}
