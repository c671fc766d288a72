// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { backendApi, writeText } from '../../../../../test/support/backend-api'
import type { BackendApi } from '../../../../../test/support/backend-api'
import { renderWithApp } from '../../test-support/render-with-app'
import { ProvidersView } from './ProvidersView'

let open: BackendApi | null = null
afterEach(() => {
  cleanup()
  open?.backend.close()
  open = null
})

async function started(): Promise<BackendApi> {
  const app = await backendApi()
  open = app
  return app
}

describe('ProvidersView', () => {
  it('says the demo provider is in use and tests it on request', async () => {
    const app = await started()
    renderWithApp(<ProvidersView opened folder={app.folder} onClose={() => {}} />, {
      api: app.api,
    })
    await screen.findByTestId('providers-demo')
    const row = (await screen.findByTestId('providers-table')).querySelector(
      '[data-provider="demo"]',
    ) as HTMLElement
    expect(within(row).getByTestId('default-badge').textContent).toBe('default')
    fireEvent.click(within(row).getByRole('button', { name: 'Test' }))
    const result = await screen.findByTestId('provider-test-result')
    expect(result.textContent).toContain('Test of demo')
  })

  it('asks before running the programs a project brings, and trusts it on request', async () => {
    const app = await started()
    // A persona of the project that runs a program: hostile until the person trusts it.
    await writeText(
      `${app.root}/.discussions/personas/reviewer.yaml`,
      'name: AI-Reviewer\nalias: reviewer\nrole: Reviewer\npersonality: p\ncommand: discussion-reviewer\n',
    )
    await app.api.workspace.open({ folder: app.root })
    renderWithApp(<ProvidersView opened folder={app.root} onClose={() => {}} />, {
      api: app.api,
    })
    const prompt = await screen.findByTestId('trust-prompt')
    expect(prompt.textContent).toMatch(/reviewer\.yaml: @reviewer runs discussion-reviewer/)
    fireEvent.click(within(prompt).getByRole('button', { name: 'Trust this project' }))
    await screen.findByRole('button', { name: 'Stop trusting this project' })
    expect(screen.queryByTestId('trust-prompt')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Stop trusting this project' }))
    await screen.findByTestId('trust-prompt')
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Stop trusting this project' })).toBeNull(),
    )
  })
})
