import { Kbd } from '@mantine/core'
import { Fragment } from 'react'
import type { ReactNode } from 'react'

/** Ctrl on most systems, ⌘ on a Mac: what `Mod` in an action's keys stands for. */
export const MOD_KEY = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl'

/** An action's keys as a person reads them: `Ctrl+K`, `Shift+N`, `End`. */
export function keysText(keys: readonly string[]): string {
  return keys.map((key) => (key === 'Mod' ? MOD_KEY : key)).join('+')
}

/** An action's keys as keycaps, `Ctrl` + `K`. */
export function ActionKeys({ keys }: { keys: readonly string[] }): ReactNode {
  return keys.map((key, index) => (
    <Fragment key={`${key}-${index}`}>
      {index > 0 && ' + '}
      <Kbd size="xs">{key === 'Mod' ? MOD_KEY : key}</Kbd>
    </Fragment>
  ))
}
