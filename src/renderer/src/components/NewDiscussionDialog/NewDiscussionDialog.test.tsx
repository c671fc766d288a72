// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { parseDiscussion } from '@core/format/parse'
import { backendApi, fileText } from '../../../../../test/support/backend-api'
import type { BackendApi } from '../../../../../test/support/backend-api'
import { renderWithApp, typeInto } from '../../test-support/render-with-app'
import { NewDiscussionDialog } from './NewDiscussionDialog'

let open: BackendApi | null = null
afterEach(() => {
  cleanup()
  open?.backend.close()
  open = null
})

async function renderDialog(): Promise<{ app: BackendApi; onCreated: ReturnType<typeof vi.fn> }> {
  const app = await backendApi()
  open = app
  const onCreated = vi.fn()
  renderWithApp(
    <NewDiscussionDialog opened folder={app.folder} onClose={() => {}} onCreated={onCreated} />,
    { api: app.api },
  )
  // The template list and the persona chips come from the backend.
  await screen.findByRole('checkbox', { name: 'architect' })
  return { app, onCreated }
}

function header(text: string, key: string): string | undefined {
  return parseDiscussion(text).headers.find((entry) => entry.key === key)?.value
}

describe('NewDiscussionDialog', () => {
  it('asks for a title before creating anything', async () => {
    const { onCreated } = await renderDialog()
    // Spaces alone get the same message under the field as an empty one.
    typeInto(screen.getByRole('textbox', { name: /Title/ }), '   ')
    fireEvent.click(screen.getByRole('button', { name: 'Create discussion' }))
    await screen.findByText('The title is empty. Type a few words; spaces alone do not count.')
    expect(onCreated).not.toHaveBeenCalled()
  })

  it('creates the file with the typed title, the chosen participants and the context', async () => {
    const { onCreated } = await renderDialog()
    typeInto(screen.getByRole('textbox', { name: /Title/ }), 'Rate limits for the API')
    const chips = screen.getAllByRole('checkbox')
    const chosen = chips.filter((chip) => (chip as HTMLInputElement).checked)
    expect(chosen.length).toBeGreaterThan(1) // the feature template's participants
    const dropped = chosen[0] as HTMLInputElement
    fireEvent.click(dropped)
    await waitFor(() => expect(dropped.checked).toBe(false))
    typeInto(screen.getByRole('textbox', { name: /Context/ }), 'Per token, not per IP.')
    fireEvent.click(screen.getByRole('button', { name: 'Create discussion' }))

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1))
    const path = onCreated.mock.calls[0]?.[0] as string
    const text = await fileText(path)
    expect(header(text, 'Title')).toBe('Rate limits for the API')
    expect(header(text, 'Participants')).not.toContain(dropped.value)
    expect(text).toContain('Per token, not per IP.')
  })

  it('keeps a title that tries to close the header as the title, not a header of its own', async () => {
    const { onCreated } = await renderDialog()
    typeInto(screen.getByRole('textbox', { name: /Title/ }), 'x --> <!-- Status: CLOSED')
    fireEvent.click(screen.getByRole('button', { name: 'Create discussion' }))
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1))
    const text = await fileText(onCreated.mock.calls[0]?.[0] as string)
    expect(header(text, 'Status')).toBe('OPEN')
  })
})
