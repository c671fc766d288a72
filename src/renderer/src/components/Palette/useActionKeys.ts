/**
 * The one listener for the registry's single-key shortcuts: a key runs its action unless it goes
 * into a field, a modifier is held (those keys are the browser's and the system's), or a dialog
 * covers the page (then only actions marked `overLayers` run).
 */
import { useWindowEvent } from '@mantine/hooks'

import { modalLayerOpen } from '../../lib/layers'
import { isTyping } from '../../lib/shortcuts'
import { actionForKey } from './actions'

export function useActionKeys(): void {
  useWindowEvent('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
    if (event.defaultPrevented || isTyping(event.target)) return
    const action = actionForKey(event.key, modalLayerOpen())
    if (!action?.run) return
    event.preventDefault()
    action.run()
  })
}
