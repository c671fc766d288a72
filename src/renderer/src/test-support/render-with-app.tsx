/**
 * Renders a component as the app does (Mantine's theme, notifications, the contract client in
 * ApiContext and the app info) inside happy-dom, which lacks a few browser APIs Mantine uses.
 */
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { fireEvent, render } from '@testing-library/react'
import type { RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'

import type { Api, AppInfo } from '@shared/contract'
import { ApiContext } from '../api/ApiContext'
import { AppInfoContext } from '../api/AppInfoContext'
import { cssVariablesResolver, theme } from '../theme'

/**
 * What happy-dom leaves out and Mantine asks for: media queries (none match), scrolling into view,
 * and the font set autosizing text areas listen to.
 */
function completeTheWindow(): void {
  if (!('matchMedia' in window) || typeof window.matchMedia !== 'function')
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    })
  if (!('scrollIntoView' in Element.prototype))
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: () => undefined,
    })
  if (!('fonts' in document) || !document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
    })
}

export function renderWithApp(
  ui: ReactNode,
  { api, info = null }: { api: Api; info?: AppInfo | null },
): RenderResult {
  completeTheWindow()
  return render(
    // env="test": no transitions and no portals, so what opens is there at once.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <ApiContext.Provider value={api}>
        <AppInfoContext.Provider value={info}>{ui}</AppInfoContext.Provider>
      </ApiContext.Provider>
    </MantineProvider>,
  )
}

/**
 * Types `text` into a field key by key, as a person does: each character fires its key events and
 * a change with the value so far (happy-dom has no user-event; fireEvent is what testing-library
 * offers without it).
 */
export function typeInto(field: HTMLElement, text: string): void {
  const input = field as HTMLInputElement | HTMLTextAreaElement
  for (const char of text) {
    const key = char === '\n' ? 'Enter' : char
    fireEvent.keyDown(input, { key })
    fireEvent.change(input, { target: { value: `${input.value}${char}` } })
    fireEvent.keyUp(input, { key })
  }
}

/** Whether a control refuses clicks (Mantine marks a loading button disabled too). */
export function isDisabled(element: HTMLElement): boolean {
  return (element as HTMLButtonElement).disabled || element.hasAttribute('data-disabled')
}
