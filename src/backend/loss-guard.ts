/**
 * Runs on every change the watcher reports: when answers the app appended have vanished from the
 * file (an editor saved an older buffer over them), they are appended again and the windows are
 * told who was restored.
 */
import { restoreLost } from '../node/engine/index.js'
import type { AppendJournal, DiscussionFileStore } from '../node/engine/index.js'
import type { EventListener } from './index.js'

export function lossGuard(
  store: DiscussionFileStore,
  journal: AppendJournal,
  emit: EventListener,
  onError: (error: unknown) => void = () => {},
): (path: string) => Promise<void> {
  return async (path) => {
    try {
      const restored = await restoreLost(store, journal, path)
      if (restored.length > 0)
        emit('discussion:restored', { path, authors: restored.map((entry) => entry.author) })
    } catch (error) {
      onError(error)
    }
  }
}
