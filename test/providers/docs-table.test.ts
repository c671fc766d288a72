/**
 * docs/providers.md describes every kind the registry has: its row in the table of kinds comes
 * from the kind's module, and the keys table says which kinds take each key, as the kinds'
 * schemas do. A new kind without its docs fails here, with the row to paste.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { format } from 'prettier'
import { describe, expect, it } from 'vitest'

import { sharedProviderSchemas } from '../../src/core/providers/schema.js'
import { PROVIDER_KINDS } from '../../src/node/providers/kinds/index.js'
import { ROOT } from '../support/run-cli.js'

const docs = () => readFile(join(ROOT, 'docs', 'providers.md'), 'utf8')

/** The table of kinds as the modules describe themselves, formatted as Prettier keeps it. */
async function kindsTable(): Promise<string> {
  const rows = [
    '| `type` | calls | needs | key | `providers list` finds |',
    '| --- | --- | --- | --- | --- |',
    ...PROVIDER_KINDS.map(
      (kind) =>
        `| \`${kind.kind}\` | ${kind.docs.calls} | ${kind.docs.needs} | ${kind.docs.key} | ${kind.docs.detected} |`,
    ),
  ]
  return (
    await format(rows.join('\n'), { parser: 'markdown', printWidth: 100, proseWrap: 'preserve' })
  ).trimEnd()
}

/** Which kinds take `key`, as the keys table words it. */
function kindsTaking(key: string): string {
  const taking = PROVIDER_KINDS.filter((kind) => key in kind.fields(sharedProviderSchemas)).map(
    (kind) => kind.kind,
  )
  if (taking.length === PROVIDER_KINDS.length) return 'all'
  const others = PROVIDER_KINDS.filter((kind) => kind.kind !== 'demo').map((kind) => kind.kind)
  if (taking.length === others.length && others.every((kind) => taking.includes(kind)))
    return 'all but demo'
  return taking.join(', ')
}

describe('docs/providers.md', () => {
  it('has every kind’s row in its table of kinds', async () => {
    expect(await docs()).toContain(await kindsTable())
  })

  it('says for each key which kinds take it, as their schemas do', async () => {
    const rows = (await docs())
      .split('\n')
      .map((line) => /^\| `([a-z_]+)`\s+\| ([^|]+?)\s+\|/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1] ?? '', match[2] ?? ''] as const)
      .filter(([key]) => !['default', 'fallback', 'name', 'type'].includes(key))
    const documented = new Map(rows)
    const keys = [
      ...new Set(PROVIDER_KINDS.flatMap((kind) => Object.keys(kind.fields(sharedProviderSchemas)))),
    ]
    expect(
      Object.fromEntries(keys.map((key) => [key, documented.get(key) ?? '(missing)'])),
    ).toEqual(Object.fromEntries(keys.map((key) => [key, kindsTaking(key)])))
  })
})
