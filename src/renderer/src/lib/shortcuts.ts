/**
 * Single-key shortcuts (T, C, D, R, Q, ?) that never fire while the person types: not in an
 * input, textarea, select or contenteditable, and not with Ctrl, Alt or Meta held (those are the
 * browser's and the system's).
 */
import { useWindowEvent } from '@mantine/hooks'

import { modalLayerOpen } from './layers'

/** True when the key goes into a field the person is typing in. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  if (target instanceof HTMLElement && target.isContentEditable) return true
  return (
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !==
    null
  )
}

export interface ShortcutOptions {
  /** Also fires while a dialog or drawer is open (help, say); by default only on the page itself. */
  overLayers?: boolean
}

/**
 * Calls the handler of the character typed (`event.key`, so `?` works on every layout), unless
 * the key goes into a field, a modifier is held, or (by default) a dialog covers the page.
 */
export function useShortcuts(
  keys: Record<string, () => void>,
  { overLayers = false }: ShortcutOptions = {},
): void {
  useWindowEvent('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
    if (event.defaultPrevented || isTyping(event.target)) return
    if (!overLayers && modalLayerOpen()) return
    const handler = keys[event.key] ?? keys[event.key.toLowerCase()]
    if (!handler) return
    event.preventDefault()
    handler()
  })
}
