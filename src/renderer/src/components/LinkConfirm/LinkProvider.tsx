import { Button, Code, Group, Text } from '@mantine/core'
import { createContext, useCallback, useContext, useState } from 'react'
import type { ReactNode } from 'react'

import { call } from '../../api/client'
import { useApi } from '../../api/ApiContext'
import { notifyError } from '../../notify'
import { Dialog } from '../Dialog/Dialog'

const OpenLinkContext = createContext<(href: string) => void>(() => {})

/** Opens a link from a comment through the checked opener (see `links:open`). */
export function useOpenLink(): (href: string) => void {
  return useContext(OpenLinkContext)
}

/**
 * The backend checks every link (https and mailto only). The desktop app then asks in a system
 * dialog and opens it outside the app; in browser mode this asks here and opens a new tab.
 */
export function LinkProvider({ children }: { children: ReactNode }): ReactNode {
  const api = useApi()
  const [pending, setPending] = useState<string | null>(null)
  const open = useCallback(
    (href: string) => {
      call(api.links.open({ url: href }))
        .then((result) => {
          if (result.outcome === 'open-in-browser') setPending(result.url)
        })
        .catch((error: unknown) =>
          notifyError(error instanceof Error ? error.message : String(error), 'Link not opened'),
        )
    },
    [api],
  )
  const confirm = (): void => {
    if (pending) window.open(pending, '_blank', 'noopener,noreferrer')
    setPending(null)
  }
  return (
    <OpenLinkContext.Provider value={open}>
      {children}
      <Dialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title="Open this link?"
        centered
      >
        <Text size="sm" mb="xs">
          The link leads outside the app:
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {pending}
        </Code>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPending(null)}>
            Cancel
          </Button>
          <Button onClick={confirm} data-autofocus>
            Open link
          </Button>
        </Group>
      </Dialog>
    </OpenLinkContext.Provider>
  )
}
