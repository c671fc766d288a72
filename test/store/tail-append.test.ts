/**
 * `Engine.addComment` reads a discussion's head (is it one?) and its tail (how does it end?), never
 * the whole file, so appends cost the same on any size. Whatever the ending — a huge last block,
 * CRLF lines, a missing last separator, an open code fence — the result must read back exactly as a
 * full parse says, with a cold tail cache (a fresh process) and a warm one alike, and concurrent
 * appends must all land whole.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { commentBlock } from '../support/comment-block.js'
import { advanceTail, EMPTY_TAIL, planAppend } from '../../src/core/format/tail.js'
import { openEngine } from '../../src/node/engine/open-engine.js'
import { tempFolder } from '../support/temp.js'

const HEAD =
  '<!-- DISCUSSION -->\n<!-- Title: T -->\n<!-- Phase: review -->\n<!-- Status: OPEN -->\n\n# T\n\n---\n'

async function setup(text: string) {
  const root = await tempFolder('discussions-tail-')
  await mkdir(join(root, '.git'))
  const file = join(root, 'd.md')
  await writeFile(file, text)
  const open = (state = 'state') =>
    openEngine({
      cwd: root,
      env: {
        DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
        DISCUSSIONS_STATE_DIR: join(root, state),
        DISCUSSIONS_USER: 'Rob',
      },
    })
  return { root, file, open }
}

/** The comments as a full parse of the file reads them: author and body. */
async function commentsOf(file: string): Promise<[string, string][]> {
  return parseDiscussion(await readFile(file, 'utf8')).comments.map((c) => [c.author, c.body])
}

const block = (author: string, body: string): string => `\nName: ${author}\n${body}\n\n---\n`

describe('appending through the tail', () => {
  it('lands after a huge last block, at the line a full parse gives', async () => {
    const huge = Array.from({ length: 60_000 }, (_, i) => `line ${i} of a long answer`).join('\n')
    const { file, open } = await setup(`${HEAD}${block('AI-Architect', huge)}`)
    const engine = await open()
    const result = await engine.addComment(file, { author: 'Rob', text: 'Short reply.' })
    const text = await readFile(file, 'utf8')
    const parsed = parseDiscussion(text)
    expect(parsed.comments.map((c) => c.author)).toEqual(['AI-Architect', 'Rob'])
    expect(text.split('\n')[result.line - 1]).toBe('Name: Rob')
    expect(result.incompleteBlockLine).toBeNull()
    expect(validateDiscussion(parsed)).toEqual([])
  })

  it('keeps a CRLF file readable: earlier comments intact, the new one whole', async () => {
    const crlf = `${HEAD}${block('AI-Architect', 'First.\n\nVOTE: READY')}`.replace(/\n/g, '\r\n')
    const { file, open } = await setup(crlf)
    const before = await commentsOf(file)
    await (await open()).addComment(file, { author: 'Rob', text: 'Second.', vote: 'CHANGES' })
    const text = await readFile(file, 'utf8')
    expect(text.startsWith(crlf)).toBe(true)
    const parsed = parseDiscussion(text)
    expect(parsed.comments).toHaveLength(2)
    expect(parsed.comments[0]?.body).toBe(before[0]?.[1])
    expect(parsed.comments[1]).toMatchObject({ author: 'Rob', vote: 'CHANGES' })
    expect(validateDiscussion(parsed)).toEqual([])
  })

  it('closes a last block that lacks its separator (and its newline) and marks it', async () => {
    const open = `${HEAD}\nName: AI-Security\nCut short mid-sentence`
    const { file, open: openIt } = await setup(open)
    const result = await (await openIt()).addComment(file, { author: 'Rob', text: 'After.' })
    expect(result.incompleteBlockLine).toBe(10)
    const text = await readFile(file, 'utf8')
    expect(text.startsWith(open)).toBe(true)
    expect(text).toContain(
      '<!-- INCOMPLETE-BLOCK: the block at line 10 was never closed with --- -->',
    )
    expect((await commentsOf(file)).map(([author]) => author)).toEqual(['AI-Security', 'Rob'])
  })

  it('reads lines longer than its 64 KB reads whole, however their characters fall', async () => {
    // Lines of 100,000 two-, three- and four-byte characters, so every read ends inside one
    // somewhere. After the delimiter, a line of ideographic spaces is blank only when read whole:
    // cut into broken characters it would read as text, and the block would be closed twice.
    const long = (char: string) => char.repeat(100_000)
    const open = `${HEAD}\nName: AI-Architect\n${long('é')}\n${long('𝄞')}\n\n---\n${long('\u3000')}\n`
    const { file, open: openIt } = await setup(open)
    await (await openIt()).addComment(file, { author: 'Rob', text: 'After.' })
    const expected = planAppend(advanceTail(EMPTY_TAIL, open))
    expect(expected.prefix).toBe('')
    expect(await readFile(file, 'utf8')).toBe(
      `${open}${expected.prefix}${commentBlock('Rob', 'After.', null)}`,
    )
  })

  it('closes a code fence left open at the end, so the new block is not swallowed by it', async () => {
    const open = `${HEAD}\nName: AI-Architect\n\`\`\`ts\nconst x = 1\n---\nVOTE: REJECT\n`
    const { file, open: openIt } = await setup(open)
    await (await openIt()).addComment(file, { author: 'Rob', text: 'Outside the fence.' })
    const parsed = parseDiscussion(await readFile(file, 'utf8'))
    expect(parsed.comments.map((c) => [c.author, c.vote])).toEqual([
      ['AI-Architect', null],
      ['Rob', null],
    ])
  })

  it('writes the same bytes with a cold tail cache (a fresh process) as with a warm one', async () => {
    const start = `${HEAD}${block('AI-A', 'One.')}`
    const cold = await setup(start)
    const warm = await setup(start)
    const warmEngine = await warm.open()
    for (let i = 0; i < 5; i++) {
      // A fresh state folder each time: nothing cached, so the tail is scanned from the start.
      await (await cold.open(`state-${i}`)).addComment(cold.file, { author: 'Rob', text: `${i}` })
      await warmEngine.addComment(warm.file, { author: 'Rob', text: `${i}` })
    }
    expect(await readFile(cold.file, 'utf8')).toBe(await readFile(warm.file, 'utf8'))
  })

  it('notices a file changed behind its cache (an editor rewrote it) and appends correctly', async () => {
    const { file, open } = await setup(`${HEAD}${block('AI-A', 'One.')}`)
    const engine = await open()
    await engine.addComment(file, { author: 'Rob', text: 'Two.' })
    // An editor saves the file shorter, ending inside a comment.
    await writeFile(file, `${HEAD}\nName: Rob\nRewritten by hand`)
    const result = await engine.addComment(file, { author: 'Rob', text: 'Three.' })
    expect(result.incompleteBlockLine).toBe(10)
    expect((await commentsOf(file)).map(([, body]) => body.trim())).toEqual([
      'Rewritten by hand',
      'Three.',
    ])
  })

  it('lets concurrent appends from separate engines all land whole', async () => {
    const { file, open } = await setup(HEAD)
    const engines = await Promise.all([open(), open(), open()])
    await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const engine = engines[i % engines.length]
        if (!engine) throw new Error('no engine')
        return engine.addComment(file, {
          author: `AI-W${i % engines.length}`,
          text: `Answer ${i}\n\n${'x'.repeat(i * 500)}`,
          vote: 'READY',
        })
      }),
    )
    const parsed = parseDiscussion(await readFile(file, 'utf8'))
    expect(validateDiscussion(parsed)).toEqual([])
    expect(parsed.comments).toHaveLength(24)
    expect(new Set(parsed.comments.map((c) => c.body.split('\n')[0])).size).toBe(24)
  })
})
