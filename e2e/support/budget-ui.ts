/**
 * The app in browser mode on a project whose providers are the metered 127.0.0.1 stand-in (it
 * bills by its own rule and counts requests): `metered` priced, `unpriced` without `prices`.
 * A discussion of three personas is made by the real bin; `run` runs the bin in the project.
 */
import { spawnSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { startMeteredApi } from '../../test/budget/metered-api.js'
import type { FakeApi } from '../../test/providers/fake-api.js'
import { BIN } from './cli.js'
import { exampleFolder, startUi } from './ui-server.js'
import type { RunningUi } from './ui-server.js'

export const BUDGET_TITLE = 'Cache layer'

export interface BudgetUi extends RunningUi {
  meter: FakeApi
  root: string
  /** The discussion of architect, security and pragmatist. */
  file: string
  /** `discussions ARGS` in the project, as a person runs it; throws on an exit other than 0. */
  run: (...args: string[]) => string
  stopAll: () => Promise<void>
}

export async function startBudgetUi(settings: string[] = []): Promise<BudgetUi> {
  const meter = await startMeteredApi()
  const folder = await exampleFolder({}, false)
  const root = join(folder, '..')
  const config = join(root, '.config')
  await mkdir(config, { recursive: true })
  await writeFile(
    join(config, 'providers.yaml'),
    [
      'providers:',
      '  - name: metered',
      '    type: openai',
      `    base_url: ${meter.url}/v1`,
      '    model: metered',
      '    max_tokens: 500',
      '    prices: { input_per_mtok: 3, output_per_mtok: 15 }',
      '  - name: unpriced',
      '    type: openai',
      `    base_url: ${meter.url}/v1`,
      '    model: metered',
      'default: metered',
      '',
    ].join('\n'),
  )
  if (settings.length > 0)
    await writeFile(join(config, 'discussions.yaml'), `${settings.join('\n')}\n`)
  const run = (...args: string[]): string => {
    const ran = spawnSync(process.execPath, [BIN, ...args], {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        NO_COLOR: '1',
        DISCUSSIONS_CONFIG_DIR: config,
        DISCUSSIONS_STATE_DIR: join(root, '.state'),
        DISCUSSIONS_USER: 'Rob',
      },
    })
    if (ran.status !== 0) throw new Error(`discussions ${args.join(' ')}: ${ran.stderr}`)
    return ran.stdout
  }
  const created = run(
    'new',
    BUDGET_TITLE,
    '--context',
    'Should we put a read-through cache in front of the orders database?',
    '--participants',
    'architect,security,pragmatist',
    '--dir',
    folder,
  )
  const file = (/\S+\.md/.exec(created)?.[0] ?? '').replace(/^Created: /, '')
  const ui = await startUi(folder)
  return {
    ...ui,
    meter,
    root,
    file,
    run,
    stopAll: async () => {
      await ui.stop()
      await meter.close()
    },
  }
}

/** What the discussions of the folder recorded as spent, in USD (unknown costs left out). */
export function spentIn(ui: BudgetUi, file: string): number {
  const parsed = JSON.parse(ui.run('parse', file)) as {
    comments: { usage: { costUsd: number | null } | null }[]
  }
  return parsed.comments.reduce((sum, comment) => sum + (comment.usage?.costUsd ?? 0), 0)
}

/** What one discussion (a council, a debate) recorded as spent, as `discussions usage` sums it. */
export function usageOf(ui: BudgetUi, file: string): number | null {
  const folder = join(file, '..')
  const usage = JSON.parse(ui.run('usage', folder, '--json')) as {
    discussions: { path: string; spend: { costUsd: number | null } }[]
  }
  return usage.discussions.find((item) => item.path === file)?.spend.costUsd ?? null
}
