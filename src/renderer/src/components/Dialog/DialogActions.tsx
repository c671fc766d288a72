import { Group } from '@mantine/core'
import type { ReactNode } from 'react'

import classes from './Dialog.module.css'

/** A dialog's buttons, at its end and kept in view while a tall dialog scrolls. */
export function DialogActions({ children }: { children: ReactNode }): ReactNode {
  return (
    <Group justify="flex-end" className={classes.actions} data-testid="dialog-actions">
      {children}
    </Group>
  )
}
