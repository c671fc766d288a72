/**
 * One route for every key. Ink hands each key to the app's single input handler, which passes it
 * to the screen shown now, synchronously. Per-screen Ink input handlers would be registered only
 * after React has drawn the screen, so the second key of a quick pair (`Enter q`, typed or pasted
 * within a few milliseconds) reached the screen before it, or nobody. Here a screen change first
 * detaches the old screen (`leave`); keys that arrive before the next screen has drawn wait for
 * it, in order, and are handed to it as soon as it takes the keys.
 */
import { useStdin } from 'ink'
import type { Key } from 'ink'
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react'

export type KeyHandler = (input: string, key: Key) => void

/** A person cannot usefully type more than this ahead of a screen; the rest is dropped. */
const MAX_WAITING = 256

export class KeyRouter {
  #handler: KeyHandler | null = null
  #generation = 0
  readonly #waiting: { input: string; key: Key }[] = []

  /** Which screen change we are at; a screen takes keys only in the one it was drawn for. */
  get generation(): number {
    return this.#generation
  }

  dispatch(input: string, key: Key): void {
    if (this.#handler) this.#handler(input, key)
    else if (this.#waiting.length < MAX_WAITING) this.#waiting.push({ input, key })
  }

  /** The screen is changing: the old one gets no more keys; they wait for the next one. */
  leave(): void {
    this.#handler = null
    this.#generation += 1
  }

  /** The screen drawn for `generation` is busy (saving, say): keys wait until it or the next takes them. */
  hold(generation: number): void {
    if (generation === this.#generation) this.#handler = null
  }

  /**
   * The screen drawn for `generation` takes the keys (again after each draw, with its newest
   * state); keys that waited go to it first. A key that changes the screen stops the handing
   * over, and the rest wait for the screen after.
   */
  take(handler: KeyHandler, generation: number): void {
    if (generation !== this.#generation) return
    this.#handler = handler
    while (this.#handler === handler && this.#waiting.length > 0) {
      const next = this.#waiting.shift()
      if (next) handler(next.input, next.key)
    }
  }
}

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
}

/** One character typed, as Ink describes a key on its own. */
function keyOf(char: string): { input: string; key: Key } {
  if (char === '\r' || char === '\n') return { input: '', key: { ...NO_KEY, return: true } }
  if (char === '\t') return { input: '', key: { ...NO_KEY, tab: true } }
  // DEL is what the Backspace key sends; the Delete key sends ESC [3~.
  if (char === '\u007f') return { input: '', key: { ...NO_KEY, backspace: true } }
  if (char === '\b') return { input: '', key: { ...NO_KEY, backspace: true } }
  const code = char.codePointAt(0) ?? 0
  // Ctrl-A .. Ctrl-Z arrive as 1 .. 26; Ink names them by their letter.
  if (code < 0x20)
    return { input: String.fromCharCode(code + 0x60), key: { ...NO_KEY, ctrl: true } }
  return { input: char, key: { ...NO_KEY, shift: /^[A-Z]$/.test(char) } }
}

/**
 * The keys in what Ink hands over as one. Ink separates escape sequences (arrows, Esc...) but
 * passes the plain characters of one read together, as if pasted: `Enter q` typed quickly (or read
 * together because the program was busy) comes as the text "\rq", which a screen would take as
 * text to type. Each character becomes its own key, so each is routed on its own.
 */
export function splitKeys(input: string, key: Key): { input: string; key: Key }[] {
  const chars = Array.from(input.replace(/\r\n/g, '\r'))
  if (chars.length <= 1 || key.ctrl || key.meta || input.includes('\u001b')) return [{ input, key }]
  return chars.map(keyOf)
}

export const KeyRouterContext = createContext<KeyRouter | null>(null)

/**
 * The keys of the screen this is called from, while it is the screen shown. `active: false`
 * (a screen still loading, say) lets keys wait for when it is ready. The returned `hold` makes
 * the keys after the current one wait at once (a key that starts a save, whose end changes the
 * screen): they go to this screen when it is active again, or to the next screen.
 */
export function useKeys(handler: KeyHandler, active = true): { hold: () => void } {
  const router = useContext(KeyRouterContext)
  if (!router) throw new Error('useKeys needs the KeyRouterContext of the app.')
  // The screen change this screen was drawn for, fixed at its first draw.
  const [generation] = useState(() => router.generation)
  useLayoutEffect(() => {
    if (active) router.take(handler, generation)
    else router.hold(generation)
  })
  return { hold: () => router.hold(generation) }
}

/**
 * The text of the last input Ink read, heard before Ink's own key handler: Ink names both the
 * Backspace key (DEL, 0x7f) and the Delete key (ESC [3~) `delete`, and an editor needs them apart.
 * Call it before `useInput` in the same component, so its listener runs first.
 */
export function useLastInput(): { readonly current: string } {
  const { internal_eventEmitter: events } = useStdin()
  const last = useRef('')
  useEffect(() => {
    const record = (data: string): void => {
      last.current = data
    }
    events.on('input', record)
    return () => {
      events.off('input', record)
    }
  }, [events])
  return last
}

/** Backspace as `backspace`, Delete as `delete`, from the raw input Ink named both `delete` by. */
export function withBackspace(key: Key, raw: string): Key {
  return key.delete && raw === '\u007f' ? { ...key, delete: false, backspace: true } : key
}
