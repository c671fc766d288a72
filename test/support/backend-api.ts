/**
 * The UI contract as the renderer sees it (`window.api`), served by the real backend running in
 * the test process on a temp project folder: what component tests talk to instead of fakes.
 */
import { readFile } from 'node:fs/promises'

import { exampleBackend } from '../app/backend-fixture.js'
import type { Backend } from '../../src/backend/index.js'
import { buildApi } from '../../src/shared/contract/build-api.js'
import type { Api } from '../../src/shared/contract/index.js'

export interface BackendApi {
  api: Api
  backend: Backend
  /** The folder of example discussions the backend has open. */
  folder: string
  root: string
}

export function apiOf(backend: Backend): Api {
  return buildApi(
    (channel, request) => backend.invoke(channel, request),
    (channel, listener) =>
      backend.subscribe((event, payload) => {
        if (event === channel) listener(payload)
      }),
  )
}

export async function backendApi(): Promise<BackendApi> {
  const { root, folder, backend } = await exampleBackend()
  return { api: apiOf(backend), backend, folder, root }
}

/** A file's text as it is on disk now (component tests run where node:fs is not theirs to use). */
export function fileText(path: string): Promise<string> {
  return readFile(path, 'utf8')
}

/** Writes a file (and its folders), as a person or another program would beside the app. */
export { writeText } from './files.js'
