import './lib/zod-jitless'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './global.css'

import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { ApiContext } from './api/ApiContext'
import { connectApi } from './api/client'
import { App } from './App'
import { ErrorBoundary } from './components/ErrorBoundary/ErrorBoundary'
import { notifyError } from './notify'
import { cssVariablesResolver, theme } from './theme'
import { TOAST_Z_INDEX } from './notify'

window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason
  notifyError(reason instanceof Error ? reason.message : String(reason))
})

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
      >
        {/* Under dialogs (Mantine's modals sit at 200): a toast never covers a dialog's buttons. */}
        {/* Narrower than the side panel (340 px), so a toast sits over it, never over a card. */}
        <Notifications position="bottom-right" zIndex={TOAST_Z_INDEX} containerWidth={320} />
        <ErrorBoundary>
          <ApiContext.Provider value={connectApi()}>
            <App />
          </ApiContext.Provider>
        </ErrorBoundary>
      </MantineProvider>
    </StrictMode>,
  )
}
