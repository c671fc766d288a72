import { AppShell } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { AppInfo } from '@shared/contract'
import { useApi } from './api/ApiContext'
import { AppInfoContext } from './api/AppInfoContext'
import { call } from './api/client'
import { AppHeader } from './components/AppHeader/AppHeader'
import { DiscussionBrowser } from './components/DiscussionBrowser/DiscussionBrowser'
import { DiscussionView } from './components/DiscussionView/DiscussionView'
import { ErrorBoundary } from './components/ErrorBoundary/ErrorBoundary'
import { HelpOverlay } from './components/HelpOverlay/HelpOverlay'
import { LinkProvider } from './components/LinkConfirm/LinkProvider'
import { NewDiscussionDialog } from './components/NewDiscussionDialog/NewDiscussionDialog'
import { AppPanels } from './components/Panels/AppPanels'
import { navigate, useRoute } from './lib/route'
import { useActions } from './components/Palette/actions'
import { CommandPalette } from './components/Palette/CommandPalette'
import { useActionKeys } from './components/Palette/useActionKeys'
import { notifyError, notifyInfo, useToastsCloseOnLeave } from './notify'

export function App(): ReactNode {
  const api = useApi()
  const route = useRoute()
  const [info, setInfo] = useState<AppInfo | null>(null)
  const [defaultFolder, setDefaultFolder] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const [help, setHelp] = useState(false)
  const [creating, setCreating] = useState(false)
  const [palette, setPalette] = useState(false)

  useEffect(() => {
    call(api.app.info()).then(setInfo, (e: unknown) => notifyError(String(e)))
    call(api.workspace.recent()).then(
      (state) => setDefaultFolder(state.folders[0] ?? null),
      (e: unknown) => notifyError(e instanceof Error ? e.message : String(e)),
    )
  }, [api])

  const folder = route.view === 'browser' ? (route.folder ?? defaultFolder) : null
  const currentPath = route.view === 'discussion' ? route.path : null
  useToastsCloseOnLeave(currentPath)
  useEffect(
    () =>
      api.events.discussions.changed((change) => {
        if (change.path === currentPath || change.folder === folder) setVersion((v) => v + 1)
      }),
    [api, currentPath, folder],
  )

  const refresh = (): void => setVersion((v) => v + 1)
  const quit = (): void => {
    call(api.app.quit()).then(
      (result) =>
        !result.quitting && notifyInfo('In browser mode, close the tab to leave.', 'Quit'),
      () => {},
    )
  }
  const canQuit = info?.mode === 'electron'
  useActionKeys()
  useActions([
    {
      id: 'app.palette',
      title: 'Command palette: find an action and run it',
      group: 'App',
      keys: ['Mod', 'K'],
    },
    {
      id: 'app.refresh',
      title: 'Refresh: read the folder and the discussion again',
      group: 'App',
      keys: ['R'],
      shortcut: 'r',
      run: refresh,
    },
    // `?` is Shift+/ on some layouts and a key of its own on others: the character typed counts.
    {
      id: 'app.help',
      title: 'Keyboard shortcuts: this list',
      group: 'App',
      keys: ['?'],
      shortcut: '?',
      overLayers: true,
      run: () => setHelp(true),
    },
    {
      id: 'app.close',
      title: 'Close a dialog, the palette or the find bar',
      group: 'App',
      keys: ['Esc'],
    },
    {
      id: 'app.quit',
      title: canQuit ? 'Quit the app' : 'Quit (desktop app only; here, close the tab)',
      group: 'App',
      keys: ['Q'],
      shortcut: 'q',
      run: quit,
    },
  ])

  return (
    <AppInfoContext.Provider value={info}>
      <LinkProvider>
        <AppPanels folder={folder ?? defaultFolder}>
          <AppShell header={{ height: 56 }} padding={0}>
            <AppShell.Header>
              <AppHeader
                info={info}
                onHome={() => navigate({ view: 'browser', folder })}
                onRefresh={refresh}
                onHelp={() => setHelp(true)}
              />
            </AppShell.Header>
            <AppShell.Main h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
              <div style={{ flex: 1, minHeight: 0 }}>
                <ErrorBoundary key={route.view === 'discussion' ? route.path : 'browser'}>
                  {route.view === 'discussion' ? (
                    <DiscussionView
                      path={route.path}
                      comment={route.comment}
                      version={version}
                      onBack={() =>
                        history.length > 1
                          ? history.back()
                          : navigate({ view: 'browser', folder: null })
                      }
                    />
                  ) : (
                    <DiscussionBrowser
                      folder={folder}
                      version={version}
                      onFolderChange={(next) => navigate({ view: 'browser', folder: next })}
                      onOpen={(path) => navigate({ view: 'discussion', path, comment: null })}
                      onNew={() => setCreating(true)}
                    />
                  )}
                </ErrorBoundary>
              </div>
            </AppShell.Main>
          </AppShell>
        </AppPanels>
        <HelpOverlay opened={help} onClose={() => setHelp(false)} />
        <CommandPalette
          opened={palette}
          onOpen={() => setPalette(true)}
          onClose={() => setPalette(false)}
        />
        {folder && (
          <NewDiscussionDialog
            opened={creating}
            folder={folder}
            onClose={() => setCreating(false)}
            onCreated={(path) => {
              setCreating(false)
              navigate({ view: 'discussion', path, comment: null })
            }}
          />
        )}
      </LinkProvider>
    </AppInfoContext.Provider>
  )
}
