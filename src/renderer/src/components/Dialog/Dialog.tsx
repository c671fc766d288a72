import { Modal } from '@mantine/core'
import type { ModalProps } from '@mantine/core'
import type { ReactNode } from 'react'

import { useEscapeLayer } from '../../lib/layers'

/**
 * The app's modal dialog: a Mantine Modal whose Esc closes it only when it is the topmost layer,
 * and whose close button has a name ("Close") a screen reader can say.
 */
export function Dialog({ opened, onClose, closeButtonProps, ...props }: ModalProps): ReactNode {
  useEscapeLayer(opened, onClose)
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': 'Close', ...closeButtonProps }}
      {...props}
    />
  )
}
