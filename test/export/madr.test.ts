// MADR records checked against MADR 4.0.0 itself (the `madr` package: its template and its
// markdownlint configuration, linted by markdownlint-cli2): the front matter uses the template's
// keys, the sections are the template's, in its order, with its mandatory ones, and
// markdownlint finds nothing. Over the example discussions, a debate and a council.
import { execFile } from 'node:child_process'
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

import { expect, it } from 'vitest'

import { coldThenWarm, ROOT } from '../support/run-cli.js'
import { answer, baseline, debateHarness } from '../debate/harness.js'
import { councilFile, runScripted } from '../council/harness.js'
import { discussionText, readyDiscussion } from './discussion-texts.js'
import { project } from './project.js'

const run = promisify(execFile)
const TEMPLATE = join(ROOT, 'node_modules', 'madr', 'template')
const LINT = join(ROOT, 'node_modules', '.bin', 'markdownlint-cli2')

/** The `##`/`###` headings of a markdown file, outside code, in order. */
function headings(text: string): string[] {
  let fenced = false
  const found: string[] = []
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    const match = fenced ? null : /^(#{2,3}) (.+)$/.exec(line)
    if (match?.[2]) found.push(match[2].trim())
  }
  return found
}

function frontMatterKeys(text: string): string[] {
  const end = text.indexOf('\n---\n', 4)
  return text
    .slice(4, end)
    .split('\n')
    .map((line) => /^([\w-]+):/.exec(line)?.[1])
    .filter((key): key is string => key !== undefined)
}

coldThenWarm('MADR 4.0.0 accepts what we export', () => {
  it('uses its template and passes its markdownlint configuration', async () => {
    const template = await readFile(join(TEMPLATE, 'adr-template.md'), 'utf8')
    const minimal = await readFile(join(TEMPLATE, 'adr-template-minimal.md'), 'utf8')
    const sections = headings(template).filter((h) => !h.startsWith('{'))
    const mandatory = headings(minimal).filter((h) => !h.startsWith('{'))
    expect(mandatory).toEqual(
      expect.arrayContaining([
        'Context and Problem Statement',
        'Considered Options',
        'Decision Outcome',
      ]),
    )

    const files: Record<string, string> = {
      'discussions/sessions.md': discussionText(readyDiscussion()),
    }
    for (const name of await readdir(join(ROOT, 'examples')))
      if (name.endsWith('.md'))
        files[`discussions/${name}`] = await readFile(join(ROOT, 'examples', name), 'utf8')
    const debate = await debateHarness({
      participants: [
        { alias: 'architect', weight: 200 },
        { alias: 'security', weight: 150 },
        { alias: 'pragmatist' },
      ],
      script: (step) =>
        step.phase === 'propose'
          ? answer.proposal(
              `Keep sessions in ${step.alias === 'architect' ? 'PostgreSQL' : 'Redis'}.\n\n- It is what we run.\n- One less moving part.`,
            )
          : step.phase === 'vote'
            ? step.own === 'P1'
              ? answer.ballot()
              : answer.ballot('P1')
            : baseline(step),
    })
    await debate.run()
    files['discussions/debate.md'] = await debate.text()
    const council = await councilFile({ mode: 'personality' }, 'Should we rewrite the importer?')
    await runScripted(council, {
      script: (call) =>
        call.stage === 'synthesis' ? 'Rewrite the parser only.' : `Answer of ${call.label}.`,
    })
    files['discussions/council.md'] = await readFile(council.file, 'utf8')
    const p = await project(files)

    for (const name of Object.keys(files)) {
      const result = await p.run('export', name, '--adr')
      expect(result.stderr, name).toBe('')
    }
    const folder = join(p.root, 'docs', 'decisions')
    const records = (await readdir(folder)).sort()
    expect(records).toHaveLength(Object.keys(files).length)
    for (const record of records) {
      const text = await readFile(join(folder, record), 'utf8')
      expect(record).toMatch(/^\d{4}-[a-z0-9-]+\.md$/)
      const keys = frontMatterKeys(text)
      expect(keys.slice(0, 2), record).toEqual(['status', 'date'])
      for (const key of keys) expect(template, `${record}: ${key}`).toContain(`\n${key}: `)
      const ours = headings(text).filter((h) => sections.includes(h))
      expect(ours, record).toEqual(sections.filter((s) => ours.includes(s)))
      for (const section of mandatory) expect(ours, record).toContain(section)
    }
    await copyFile(join(TEMPLATE, '.markdownlint.yml'), join(folder, '.markdownlint.yml'))
    await writeFile(join(folder, '.markdownlint-cli2.yaml'), 'noInlineConfig: true\n')
    const lint = await run(process.execPath, [LINT, '*.md'], { cwd: folder }).catch(
      (error: { stdout: string; stderr: string; code: number }) => error,
    )
    expect(`${lint.stdout}${lint.stderr}`).toMatch(
      new RegExp(`Linting: ${records.length} file\\(s\\)\\nSummary: 0 error\\(s\\)`),
    )
  })
})
