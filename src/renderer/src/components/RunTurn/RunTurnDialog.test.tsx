// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { parseDiscussion } from '@core/format/parse'
import { backendApi, fileText } from '../../../../../test/support/backend-api'
import type { BackendApi } from '../../../../../test/support/backend-api'
import { isDisabled, renderWithApp, typeInto } from '../../test-support/render-with-app'
import { RunTurnDialog } from './RunTurnDialog'

let open: BackendApi | null = null
afterEach(() => {
  cleanup()
  open?.backend.close()
  open = null
})

async function renderDialog() {
  const app = await backendApi()
  open = app
  const path = `${app.folder}/add-user-authentication.md`
  const onStarted = vi.fn()
  const onProviders = vi.fn()
  renderWithApp(
    <RunTurnDialog
      opened
      path={path}
      onClose={() => {}}
      onStarted={onStarted}
      onProviders={onProviders}
    />,
    { api: app.api },
  )
  // The plan (who would answer, which providers) comes from the backend.
  await screen.findByRole('button', { name: /Start turn/ })
  return { app, path, onStarted, onProviders }
}

const startButton = (): HTMLElement => screen.getByRole('button', { name: /Start turn/ })

describe('RunTurnDialog', () => {
  it('asks the persona @mentioned in the typed callout, and the answer lands in the file', async () => {
    const { path, onStarted } = await renderDialog()
    const before = parseDiscussion(await fileText(path)).comments.length
    expect(startButton().textContent).not.toBe('Start turn (0)') // routing preselected someone

    fireEvent.click(screen.getByRole('button', { name: 'None' }))
    expect(startButton().textContent).toBe('Start turn (0)')
    expect(isDisabled(startButton())).toBe(true)

    typeInto(screen.getByRole('textbox', { name: /Callout/ }), '@security what about tokens?')
    expect(startButton().textContent).toBe('Start turn (1)')
    fireEvent.click(startButton())

    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1))
    expect(onStarted.mock.calls[0]?.slice(1)).toEqual([
      ['security'],
      { callout: '@security what about tokens?', provider: null },
    ])
    // The demo provider answers offline; its answer is appended to the discussion.
    await waitFor(
      async () => {
        const comments = parseDiscussion(await fileText(path)).comments
        expect(comments).toHaveLength(before + 1)
        expect(comments.at(-1)?.author).toMatch(/security/i)
      },
      { timeout: 15_000 },
    )
  })

  it('says the demo provider answers and links to the providers view', async () => {
    const { onProviders } = await renderDialog()
    await screen.findByText(/offline demo provider/)
    fireEvent.click(screen.getByRole('button', { name: 'Set up a provider' }))
    expect(onProviders).toHaveBeenCalledTimes(1)
  })

  it('chooses everyone with "All participants" and nobody outside the discussion', async () => {
    await renderDialog()
    fireEvent.click(screen.getByRole('button', { name: 'All participants' }))
    const members = screen.getByTestId('turn-participants').querySelectorAll('input')
    expect(members.length).toBeGreaterThan(0)
    for (const chip of members) expect(chip.checked).toBe(true)
    expect(startButton().textContent).toBe(`Start turn (${members.length})`)
  })
})
