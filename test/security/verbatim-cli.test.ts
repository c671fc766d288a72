/**
 * Text goes in verbatim through the real bin: a context full of `$` patterns (as a README with a
 * regex table has) is written into the new discussion exactly, and so is a title naming a
 * placeholder of the template.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

coldThenWarm('discussions new keeps the text it is given', () => {
  it("writes a context with $$, $&, $` and $' and a title with {context} as written", async () => {
    const root = await tempFolder('discussions-verbatim-')
    const env = {
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
    }
    const context = "Price is $$5; regex ^a.*$; quote $'tail; match $& and $` too"
    const created = await runDiscussions(
      ['new', 'T {context} $1', '--context', context, '--dir', root],
      { cwd: root, env },
    )
    expect(created).toMatchObject({ code: 0, stderr: '' })
    expect(created.stdout).toContain('t-context-1.md')
    const text = await readFile(join(root, 't-context-1.md'), 'utf8')
    expect(text).toContain(`\n${context}\n`)
    expect(text).toContain('<!-- Title: T {context} $1 -->')
    expect(text).toContain('# T {context} $1\n')
    // The template's tail appears once: nothing was copied in by `$'`.
    expect(text.split('## Requirements').length).toBeLessThanOrEqual(2)
  }, 30_000)
})
