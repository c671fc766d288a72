// A new discussion or debate made with the real `discussions` bin keeps none of its template's
// hints ("[Requirement 1]", "[Goal 1]") as saved text, and a debate without a context asks its
// own question, not a placeholder.
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

async function workspace() {
  const root = await tempFolder()
  await mkdir(join(root, '.git'))
  const env = {
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const run = (...args: string[]) => runDiscussions(args, { cwd: root, env })
  return { root, run }
}

/** A line that is only a bracketed hint, as the bundled skeletons write them. */
const HINT = /^\s*(?:[-*]\s+)?(?:\[ \]\s+)?\[[^\]]{2,}\]\s*$/m

coldThenWarm('template hints in new discussions', () => {
  it('new drops the hints and the sections they leave empty, whatever the template', async () => {
    const { root, run } = await workspace()
    for (const template of ['feature', 'brainstorm', 'adr', 'code-review']) {
      const title = `Hints in ${template}`
      const created = await run('new', title, '--template', template, '--context', 'Why: [sic].')
      expect(created).toMatchObject({ code: 0, stderr: '' })
      const file = created.stdout.replace(/^Created: /, '').trim()
      const text = await readFile(file, 'utf8')
      expect(text, template).not.toMatch(HINT)
      expect(text).not.toContain('[Requirement 1]')
      expect(text).not.toContain('[Goal 1]')
      // What the person wrote is kept as written, brackets and all.
      expect(text).toContain('Why: [sic].')
      expect(validateDiscussion(parseDiscussion(text))).toEqual([])
    }
    // No context: no Context section asking to "Describe what is being discussed".
    const bare = await run('new', 'No context given', '--template', 'feature')
    const text = await readFile(join(root, 'discussions', 'no-context-given.md'), 'utf8')
    expect(bare.code).toBe(0)
    expect(text).not.toContain('Describe what is being discussed')
    expect(text).not.toMatch(/^## Context\s*$/m)
    expect(text).toContain('# No context given')
  })

  it("debate new without a context asks the debate's own question", async () => {
    const { root, run } = await workspace()
    const created = await run('debate', 'new', 'Which queue should we use')
    expect(created).toMatchObject({ code: 0 })
    const files = created.stdout.match(/\S+\.md/g) ?? []
    const file = files[0] ?? join(root, 'discussions', 'which-queue-should-we-use.md')
    const text = await readFile(file, 'utf8')
    expect(text).not.toContain('Describe what is being discussed')
    expect(text).toMatch(/## Question\n\nWhich queue should we use\n/)
  })
})
