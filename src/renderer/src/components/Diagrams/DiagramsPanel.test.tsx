// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { backendApi, writeText } from '../../../../../test/support/backend-api'
import type { BackendApi } from '../../../../../test/support/backend-api'
import { isDisabled, renderWithApp } from '../../test-support/render-with-app'
import { DiagramsPanel } from './DiagramsPanel'

let open: BackendApi | null = null
afterEach(() => {
  cleanup()
  open?.backend.close()
  open = null
})

async function renderPanel(file: string, prepare?: (app: BackendApi) => Promise<void>) {
  const app = await backendApi()
  open = app
  await prepare?.(app)
  const onView = vi.fn()
  renderWithApp(
    <DiagramsPanel
      opened
      path={`${app.folder}/${file}`}
      version={0}
      onClose={() => {}}
      onView={onView}
    />,
    { api: app.api },
  )
  return { app, onView }
}

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>'

describe('DiagramsPanel', () => {
  it('lists a referenced diagram that is missing with who named it, and cannot open it', async () => {
    await renderPanel('api-redesign-adr.md')
    const entry = await screen.findByTestId('diagram-entry')
    expect(entry.textContent).toContain('api-gateway.puml')
    expect(entry.textContent).toContain('#1 · AI-Visualizer · line 78')
    expect(entry.textContent).toContain('api-gateway.puml: no such file.')
    expect(isDisabled(within(entry).getByRole('button', { name: 'View' }))).toBe(true)
    expect(isDisabled(within(entry).getByRole('button', { name: 'Edit source' }))).toBe(true)
    await screen.findByText('1 diagram in this discussion')
  })

  it('opens an existing diagram from its entry and from its thumbnail', async () => {
    const { onView } = await renderPanel('add-user-authentication.md', async (app) => {
      await writeText(`${app.folder}/diagrams/flow.svg`, SVG)
      await app.api.comments.add({
        path: `${app.folder}/add-user-authentication.md`,
        text: 'The flow:\n\nDIAGRAM: diagrams/flow.svg',
        vote: null,
      })
    })
    const entry = await screen.findByTestId('diagram-entry')
    expect(entry.textContent).toContain('flow.svg')
    const view = within(entry).getByRole('button', { name: 'View' })
    await waitFor(() => expect(isDisabled(view)).toBe(false))
    fireEvent.click(view)
    fireEvent.click(within(entry).getByRole('button', { name: 'View diagrams/flow.svg' }))
    expect(onView.mock.calls).toEqual([['diagrams/flow.svg'], ['diagrams/flow.svg']])
  })
})
