/**
 * A protocol panel's height (the council's, the debate's): the person drags its handle or uses
 * the arrow keys, within bounds that always leave the thread below its room. Each panel keeps its
 * own height in localStorage, under its own key.
 */
export const MIN_PANEL = 120
/** What the thread keeps below the panel, whatever the panel's height: at least this... */
export const MIN_THREAD = 220
/** ...and at least this share of the window, so a short window still leaves room to read. */
export const MIN_THREAD_SHARE = 0.4

/** The thread's least room in a window `viewport` high. */
export function minThread(viewport: number): number {
  return Math.max(MIN_THREAD, Math.ceil(viewport * MIN_THREAD_SHARE))
}
export const KEY_STEP = 24
export const PAGE_STEP = 120

/** The handle under the panel, as ResizablePanel.module.css draws it: it is not the thread's room. */
export const HANDLE_HEIGHT = 9

/** The tallest the panel may be when its top is at `top` in a window `viewport` high. */
export function maxPanelHeight(viewport: number, top: number): number {
  return Math.max(MIN_PANEL, Math.round(viewport - top - HANDLE_HEIGHT - minThread(viewport)))
}

export function clampHeight(height: number, max: number): number {
  return Math.round(Math.min(Math.max(height, MIN_PANEL), Math.max(MIN_PANEL, max)))
}

/** The new height for a key on the handle, or null when the key is not one of the handle's. */
export function heightForKey(key: string, height: number, max: number): number | null {
  const next: Record<string, number> = {
    ArrowUp: height - KEY_STEP,
    ArrowDown: height + KEY_STEP,
    PageUp: height - PAGE_STEP,
    PageDown: height + PAGE_STEP,
    Home: MIN_PANEL,
    End: max,
  }
  const value = next[key]
  return value === undefined ? null : clampHeight(value, max)
}

/** Where a panel's height is kept: `council` keeps `council-panel-height`, as it always has. */
export function storageKey(name: string): string {
  return `${name}-panel-height`
}

/** The height the person last chose for this panel, or null when none (or nothing sane) is kept. */
export function rememberedHeight(name: string): number | null {
  try {
    const value = Number(localStorage.getItem(storageKey(name)))
    return Number.isFinite(value) && value >= MIN_PANEL ? value : null
  } catch {
    return null
  }
}

export function rememberHeight(name: string, height: number): void {
  try {
    localStorage.setItem(storageKey(name), String(Math.round(height)))
  } catch {
    // A window without storage keeps the height until it closes.
  }
}
