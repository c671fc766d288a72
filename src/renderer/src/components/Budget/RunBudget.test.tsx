// @vitest-environment happy-dom
/**
 * The Run turn dialog's budget against the real backend on a project whose provider is the
 * metered 127.0.0.1 stand-in: the estimate shown is the engine's (what `turn --estimate` prints),
 * the Max cost field is prefilled from the settings, a value that does not read is said in words
 * under the field. (The run itself, against the estimate, is e2e/budget-dialogs.spec.ts: in
 * happy-dom the backend's HTTP calls would go through the page's fetch.)
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'

import type { RunEstimateInfo } from '@shared/contract'
import { startMeteredApi } from '../../../../../test/budget/metered-api'
import { budgetProject } from '../../../../../test/budget/project'
import { backendOn } from '../../../../../test/budget/budget-backend'
import { coldThenWarm } from '../../../../../test/support/run-cli'
import type { FakeApi } from '../../../../../test/providers/fake-api'
import { renderWithApp, typeInto } from '../../test-support/render-with-app'
import { RunTurnDialog } from '../RunTurn/RunTurnDialog'
import { estimateTotalLine } from './EstimateTable'

let meter: FakeApi
let backend: { close(): void } | null = null
beforeAll(async () => {
  meter = await startMeteredApi()
})
afterAll(() => meter.close())
afterEach(() => {
  cleanup()
  backend?.close()
  backend = null
})

async function openDialog(settings: string[] = []) {
  const project = await budgetProject(meter.url, settings)
  const opened = await backendOn(project)
  backend = opened.backend
  const api = opened.api
  const onStarted = vi.fn()
  renderWithApp(
    <RunTurnDialog
      opened
      path={project.file}
      onClose={() => {}}
      onStarted={onStarted}
      onProviders={() => {}}
    />,
    { api },
  )
  await screen.findByRole('button', { name: /Start turn/ })
  fireEvent.click(screen.getByRole('button', { name: 'All participants' }))
  await waitFor(() => expect(screen.getAllByTestId('estimate-row')).toHaveLength(3), {
    timeout: 10_000,
  })
  return { project, api, onStarted }
}

const maxCost = (): HTMLInputElement => screen.getByRole('textbox', { name: 'Max cost (USD)' })

coldThenWarm('the Run turn dialog’s budget', () => {
  it('shows the CLI’s estimate and prefills the cap from the settings, asking no provider', async () => {
    const { project } = await openDialog(['budget:', '  max_cost_per_run: 0.05'])
    await waitFor(() => expect(maxCost().value).toBe('0.05'))

    const cli = await project.run(['turn', project.file, '@all', '--estimate', '--json'])
    const printed = JSON.parse(cli.stdout) as RunEstimateInfo
    await waitFor(() =>
      expect(screen.getByTestId('estimate-total').textContent).toBe(estimateTotalLine(printed)),
    )
    expect(screen.getByTestId('estimate-counting').textContent).toContain(printed.counting)
    expect(screen.getByTestId('estimate-caps').textContent).toBe('Cap in force: $0.0500.')
    for (const row of screen.getAllByTestId('estimate-row'))
      expect(row.textContent).toContain('metered')

    // Estimating asked the stand-in nothing.
    expect(meter.requests.length).toBe(0)
  })

  it('says what is wrong with a cap that does not read, under the field, and does not start', async () => {
    const { onStarted } = await openDialog()
    expect(maxCost().value).toBe('')
    typeInto(maxCost(), 'abc')
    typeInto(screen.getByRole('textbox', { name: 'Max tokens' }), '12.5')
    fireEvent.click(screen.getByRole('button', { name: /Start turn/ }))
    await screen.findByText('"abc" is not an amount in USD (for example 0.50).')
    await screen.findByText('"12.5" is not a whole number of tokens (for example 20000).')
    expect(onStarted).not.toHaveBeenCalled()
  })
})
