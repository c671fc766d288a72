/** The app's backend opened on a budget project (its config, state and discussions folder). */
import { dirname, join } from 'node:path'

import { createBackend } from '../../src/backend/index.js'
import type { Backend } from '../../src/backend/index.js'
import type { Api } from '../../src/shared/contract/index.js'
import { apiOf } from '../support/backend-api.js'
import type { BudgetProject } from './project.js'

export async function backendOn(project: BudgetProject): Promise<{ backend: Backend; api: Api }> {
  const backend = await createBackend({
    shell: { mode: 'browser' },
    env: {
      DISCUSSIONS_CONFIG_DIR: join(project.root, '.config'),
      DISCUSSIONS_STATE_DIR: join(project.root, '.state'),
      DISCUSSIONS_USER: 'Rob',
    },
    platform: process.platform,
    folders: [dirname(project.file)],
    version: '0.0.0-test',
  })
  return { backend, api: apiOf(backend) }
}
