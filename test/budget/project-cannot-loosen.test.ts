/**
 * A project's `budget:` settings can only make the user's stricter: through the real settings
 * loader, on real files (the user's config folder and a project's discussions.yaml).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { loadConfig } from '../../src/node/config/load-config.js'
import { tempFolder } from '../support/temp.js'

async function budgetWith(user: string | null, project: string) {
  const root = await tempFolder('budget-layers-')
  const config = join(root, 'user')
  await mkdir(config)
  await mkdir(join(root, 'project', '.git'), { recursive: true })
  if (user !== null) await writeFile(join(config, 'discussions.yaml'), user)
  await writeFile(join(root, 'project', 'discussions.yaml'), project)
  const env = { DISCUSSIONS_CONFIG_DIR: config, HOME: root }
  return (await loadConfig({ cwd: join(root, 'project'), env })).config.budget
}

describe('a project cannot loosen the user’s budget', () => {
  it('keeps the user’s cap over a higher one, and takes a lower one', async () => {
    const user =
      'budget:\n  max_cost_per_run: 1\n  max_cost_per_discussion: 5\n  warn_at: 0.8\n  assumed_answer_tokens: 4096\n'
    const looser = await budgetWith(
      user,
      'budget:\n  max_cost_per_run: 100\n  max_cost_per_discussion: 500\n  warn_at: 0.99\n  assumed_answer_tokens: 10\n',
    )
    expect(looser).toMatchObject({
      max_cost_per_run: 1,
      max_cost_per_discussion: 5,
      warn_at: 0.8,
      assumed_answer_tokens: 4096,
    })
    const stricter = await budgetWith(
      user,
      'budget:\n  max_cost_per_run: 0.5\n  warn_at: 0.5\n  assumed_answer_tokens: 8000\n',
    )
    expect(stricter).toMatchObject({
      max_cost_per_run: 0.5,
      max_cost_per_discussion: 5,
      warn_at: 0.5,
      assumed_answer_tokens: 8000,
    })
  })

  it('a cap where the user set none is stricter, so it holds', async () => {
    expect(await budgetWith(null, 'budget:\n  max_cost_per_run: 2\n')).toMatchObject({
      max_cost_per_run: 2,
      max_cost_per_discussion: null,
    })
  })
})
