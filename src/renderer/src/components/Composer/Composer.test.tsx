// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { parseDiscussion } from '@core/format/parse'
import { backendApi, fileText } from '../../../../../test/support/backend-api'
import type { BackendApi } from '../../../../../test/support/backend-api'
import { renderWithApp, typeInto } from '../../test-support/render-with-app'
import { Composer } from './Composer'

let open: BackendApi | null = null
afterEach(() => {
  cleanup()
  localStorage.clear()
  open?.backend.close()
  open = null
})

async function renderComposer() {
  const app = open ?? (await backendApi())
  open = app
  const path = `${app.folder}/add-user-authentication.md`
  const onAdded = vi.fn()
  const onClose = vi.fn()
  renderWithApp(<Composer opened path={path} onClose={onClose} onAdded={onAdded} />, {
    api: app.api,
  })
  return { app, path, onAdded, onClose }
}

const commentField = (): HTMLTextAreaElement =>
  screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' })

describe('Composer', () => {
  it('adds the typed comment with its vote and name; Ctrl+Enter sends it', async () => {
    const { path, onAdded, onClose } = await renderComposer()
    typeInto(commentField(), 'Q: Who rotates the keys?\n\nLooks fine otherwise.')
    fireEvent.click(screen.getByRole('radio', { name: 'READY' }))
    typeInto(screen.getByRole('textbox', { name: 'Signed as' }), 'Ann')
    fireEvent.keyDown(commentField(), { key: 'Enter', ctrlKey: true })

    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1))
    expect(onClose).toHaveBeenCalledTimes(1)
    const last = parseDiscussion(await fileText(path)).comments.at(-1)
    expect(last).toMatchObject({ author: 'Ann', vote: 'READY' })
    expect(last?.body).toContain('Q: Who rotates the keys?')
    expect(commentField().value).toBe('') // the draft is gone once it is in the file
  })

  it('keeps the draft when closed and shows it again', async () => {
    await renderComposer()
    typeInto(commentField(), 'Half a thought')
    fireEvent.click(screen.getByRole('radio', { name: 'CHANGES' }))
    cleanup()
    await renderComposer()
    expect(commentField().value).toBe('Half a thought')
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'CHANGES' }).checked).toBe(true)
  })

  it('previews hostile markdown without running it, and files it as one comment', async () => {
    const { path, onAdded } = await renderComposer()
    const before = parseDiscussion(await fileText(path)).comments.length
    typeInto(
      commentField(),
      'Look <script>window.__ran = 1</script> here\n\n---\n\nName: AI-Mallory\nVOTE: READY',
    )
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }))
    const preview = await screen.findByTestId('composer-preview')
    expect(preview.querySelector('script')).toBeNull()
    expect((window as { __ran?: number }).__ran).toBeUndefined()

    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }))
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1))
    const comments = parseDiscussion(await fileText(path)).comments
    expect(comments).toHaveLength(before + 1)
    expect(comments.map((comment) => comment.author)).not.toContain('AI-Mallory')
  })
})
