/**
 * A project for the budget journeys: its own config folder whose providers.yaml points at the
 * metered stand-in, a discussion made by the real bin, and a way to run the bin in it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { runDiscussions } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

/** USD per million tokens, input and output, of the priced stand-in. */
export const PRICES = { input: 3, output: 15 }

export interface BudgetProject {
  root: string
  file: string
  run(args: readonly string[]): Promise<CliRun>
  text(): Promise<string>
}

export async function budgetProject(
  apiUrl: string,
  settings: string[] = [],
): Promise<BudgetProject> {
  const root = await tempFolder('budget-')
  await mkdir(join(root, '.git'))
  const config = join(root, '.config')
  await mkdir(config)
  await writeFile(
    join(config, 'providers.yaml'),
    [
      'providers:',
      '  - name: metered',
      '    type: openai',
      `    base_url: ${apiUrl}/v1`,
      '    model: metered',
      '    max_tokens: 500',
      `    prices: { input_per_mtok: ${PRICES.input}, output_per_mtok: ${PRICES.output} }`,
      '  - name: unpriced',
      '    type: openai',
      `    base_url: ${apiUrl}/v1`,
      '    model: metered',
      '  - name: offtopic',
      '    type: openai',
      `    base_url: ${apiUrl}/v1`,
      '    model: offtopic',
      `    prices: { input_per_mtok: ${PRICES.input}, output_per_mtok: ${PRICES.output} }`,
      '  - name: long',
      '    type: openai',
      `    base_url: ${apiUrl}/v1`,
      '    model: long',
      `    prices: { input_per_mtok: ${PRICES.input}, output_per_mtok: ${PRICES.output} }`,
      'default: metered',
      '',
    ].join('\n'),
  )
  if (settings.length > 0)
    await writeFile(join(config, 'discussions.yaml'), `${settings.join('\n')}\n`)
  const env = {
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const run = (args: readonly string[]) => runDiscussions(args, { cwd: root, env })
  const created = await run([
    'new',
    'Cache layer',
    '--context',
    'Should we put a read-through cache in front of the orders database?',
    '--participants',
    'architect,security,pragmatist',
  ])
  if (created.code !== 0) throw new Error(`new failed: ${created.stderr}`)
  const file = (created.stdout.trim().split('\n').pop() ?? '').replace(/^Created: /, '')
  return { root, file, run, text: () => readFile(file, 'utf8') }
}

/** A one-round debate of three made by the real bin in the project; its file's path. */
export async function newDebate(project: BudgetProject): Promise<string> {
  const created = await project.run([
    'debate',
    'new',
    'Cache the orders?',
    '--participants',
    'architect,security,pragmatist',
    '--max-rounds',
    '1',
  ])
  if (created.code !== 0) throw new Error(`debate new failed: ${created.stderr}`)
  return /\S+\.md/.exec(created.stdout)?.[0] ?? ''
}
