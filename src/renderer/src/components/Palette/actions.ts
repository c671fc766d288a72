/**
 * The app's actions in one place: each has an id, a title, the keys that run it, when it can run
 * and what it does. The single-key shortcuts, the `?` list and the command palette all read this
 * registry, so an action's key is written once and shown the same everywhere.
 *
 * A view registers its actions while it is on screen (`useActions`); the registry keeps a stable
 * entry per action whose `enabled` and `run` call the view's latest ones, so a view re-rendering
 * does not re-register (and does not re-render the palette or the list of keys).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react'

export type ActionGroup = 'App' | 'Discussion' | 'Comments' | 'Jumps' | 'Composer' | 'List'

export interface ActionSpec {
  /** Stable and unique while on screen, e.g. `turn.run`. */
  id: string
  title: string
  group: ActionGroup
  /** The keys as shown, e.g. `['T']`, `['Mod', 'K']`, `['Shift', 'N']`; `Mod` is Ctrl or ⌘. */
  keys: readonly string[]
  /**
   * The character typed (`event.key`) that runs it from the page, when the registry's own
   * listener handles the key; absent when the key is handled where it applies (End in the list,
   * Ctrl+Enter in the composer) or the action has no key.
   */
  shortcut?: string
  /** Also runs over an open dialog (the list of keys, say). */
  overLayers?: boolean
  /** False while it cannot run (Run turn during a turn); the palette then shows it dimmed. */
  enabled?: () => boolean
  /** Absent for a key that only works in one place: listed, not run from the palette. */
  run?: () => void
}

export interface AppAction extends Omit<ActionSpec, 'enabled'> {
  enabled: () => boolean
}

let actions: readonly AppAction[] = []
const listeners = new Set<() => void>()

function publish(next: readonly AppAction[]): void {
  actions = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Every action on screen now, in the order they were registered. */
export function currentActions(): readonly AppAction[] {
  return actions
}

/** The actions on screen, re-rendering when one comes or goes. */
export function useActionList(): readonly AppAction[] {
  return useSyncExternalStore(subscribe, currentActions)
}

/** What a change of title or key looks like: only such a change re-registers. */
function signature(specs: readonly ActionSpec[]): string {
  return specs
    .map((s) =>
      [s.id, s.title, s.group, s.keys.join('+'), s.shortcut ?? '', Boolean(s.run)].join('\u0001'),
    )
    .join('\u0002')
}

/** Registers `specs` while the calling component is mounted; their handlers stay current. */
export function useActions(specs: readonly ActionSpec[]): void {
  const latest = useRef(specs)
  useEffect(() => {
    latest.current = specs
  })
  const key = signature(specs)
  useEffect(() => {
    const find = (id: string): ActionSpec | undefined => latest.current.find((s) => s.id === id)
    const entries: AppAction[] = latest.current.map((spec) => ({
      id: spec.id,
      title: spec.title,
      group: spec.group,
      keys: spec.keys,
      ...(spec.shortcut !== undefined ? { shortcut: spec.shortcut } : {}),
      ...(spec.overLayers ? { overLayers: true } : {}),
      enabled: () => find(spec.id)?.enabled?.() ?? true,
      ...(spec.run ? { run: () => find(spec.id)?.run?.() } : {}),
    }))
    publish([...actions.filter((a) => !entries.some((e) => e.id === a.id)), ...entries])
    return () => publish(actions.filter((a) => !entries.includes(a)))
  }, [key])
}

/**
 * The action a typed character runs now: the first on screen with exactly that key that can run,
 * else with its lower case (so `T` with Caps Lock still runs Run turn, while `N` and `n` can differ).
 */
export function actionForKey(key: string, overLayer: boolean): AppAction | undefined {
  const runs = (a: AppAction, wanted: string): boolean =>
    a.shortcut === wanted &&
    (!overLayer || a.overLayers === true) &&
    a.run !== undefined &&
    a.enabled()
  return actions.find((a) => runs(a, key)) ?? actions.find((a) => runs(a, key.toLowerCase()))
}
