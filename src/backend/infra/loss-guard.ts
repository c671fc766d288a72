/**
 * Runs on every change the watcher reports: when answers the app appended have vanished from the
 * file (an editor saved an older buffer over them), they are appended again and the windows are
 * told who was restored; a phase change the old copy undid is made again (or, when the phase was
 * changed since, left alone and told).
 */
import { restoreLostChanges } from '../../node/engine/index.js'
import type { AppendJournal, DiscussionFileStore } from '../../node/engine/index.js'
import type { EventListener } from './context.js'

export function lossGuard(
  store: DiscussionFileStore,
  journal: AppendJournal,
  emit: EventListener,
  onError: (error: unknown) => void = () => {},
): (path: string) => Promise<void> {
  // A phase change left alone is told once, not on every later change of the file.
  const told = new Set<string>()
  return async (path) => {
    try {
      const { comments, phase } = await restoreLostChanges(store, journal, path)
      let lostPhase = null
      if (phase) {
        const key = `${path}\0${phase.at}`
        if (phase.restored || !told.has(key)) {
          told.add(key)
          lostPhase = {
            from: phase.from,
            to: phase.to,
            restored: phase.restored,
            current: phase.current,
          }
        }
      }
      if (comments.length > 0 || lostPhase)
        emit('discussions:restored', {
          path,
          authors: comments.map((entry) => entry.author),
          phase: lostPhase,
        })
    } catch (error) {
      onError(error)
    }
  }
}
