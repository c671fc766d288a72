/**
 * Paging through the real bin: a 500-comment discussion read with read_discussion's cursor and
 * as a resource page by page, and a folder of 30 discussions listed a page at a time. Every
 * result stays well under the 10,000 tokens Claude Code warns at; the largest is reported.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { estimateTokens } from '../../src/core/providers/usage.js'
import { HEADER, longDiscussion } from './long-discussion.js'
import { mcpWorkspace, openSession } from './mcp-session.js'
import { coldThenWarm } from '../support/run-cli.js'

interface Page {
  comments: { index: number; body: string; truncated: boolean }[]
  comments_total: number
  next_cursor: string | null
  questions: { total: number; latest: unknown[] }
}

coldThenWarm('discussions mcp pages what it returns', () => {
  it('reads a 500-comment discussion a page at a time, each result well under 10,000 tokens', async () => {
    const space = await mcpWorkspace()
    await mkdir(join(space.root, 'discussions'))
    const text = longDiscussion(500)
    await writeFile(join(space.root, 'discussions', 'long.md'), text)
    const parsed = parseDiscussion(text)
    expect(parsed.comments).toHaveLength(500)
    const session = await openSession(space)
    try {
      const seen: number[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const page: Page = await session.ok<Page>('read_discussion', {
          path: 'discussions/long.md',
          ...(cursor !== null ? { cursor } : {}),
        })
        pages++
        expect(page.comments_total).toBe(500)
        expect(page.questions).toMatchObject({ total: 500 })
        expect(page.comments.length).toBeGreaterThan(0)
        for (const comment of page.comments) {
          const body = parsed.comments[comment.index]?.body ?? ''
          if (comment.truncated) expect(body.startsWith(comment.body)).toBe(true)
          else expect(comment.body).toBe(body)
          seen.push(comment.index)
        }
        cursor = page.next_cursor
      } while (cursor !== null)
      expect(seen).toEqual([...Array(500).keys()])
      expect(pages).toBeGreaterThan(50)

      // since_comment and max_chars, the one over a page cut with a flag, a bad cursor refused.
      const small = await session.ok<Page>('read_discussion', {
        path: 'discussions/long.md',
        since_comment: 250,
        max_chars: 500,
      })
      expect(small.comments).toEqual([expect.objectContaining({ index: 250, truncated: true })])
      expect(small.comments[0]?.body).toHaveLength(500)
      expect(
        await session.refused('read_discussion', { path: 'discussions/long.md', cursor: 'bogus' }),
      ).toContain('not one read_discussion gave')

      // The same discussion as a resource, page by page: the pages put together are the file.
      const uri = 'discussion://discussions/long.md'
      const first = await session.client.readResource({ uri })
      const count = Number(first.contents[0]?._meta?.pages)
      expect(count).toBeGreaterThan(10)
      let whole = ''
      let largestPage = 0
      for (let page = 1; page <= count; page++) {
        const result = await session.client.readResource({ uri: `${uri}?page=${page}` })
        largestPage = Math.max(largestPage, estimateTokens(JSON.stringify(result)))
        const [content] = result.contents
        whole += content && 'text' in content ? content.text : ''
      }
      expect(whole).toBe(await readFile(join(space.root, 'discussions', 'long.md'), 'utf8'))
      expect(largestPage).toBeLessThan(10_000)

      const largest = session.largest()
      expect(largest.tokens).toBeLessThan(10_000)
      console.log(
        `500-comment discussion: ${pages} read_discussion pages; largest tool result ${largest.tokens} tokens (${largest.tool}); largest resource page ${largestPage} tokens`,
      )
    } finally {
      await session.close()
    }
  }, 120_000)

  it('lists a folder of 30 discussions a page at a time', async () => {
    const space = await mcpWorkspace()
    await mkdir(join(space.root, 'discussions'))
    for (let i = 0; i < 30; i++)
      await writeFile(join(space.root, 'discussions', `d${i}.md`), HEADER(`Topic ${i}`))
    await writeFile(join(space.root, 'notes.md'), '# Not a discussion\n')
    const session = await openSession(space)
    try {
      const first = await session.ok<{
        discussions: { path: string }[]
        total: number
        next_cursor: string | null
      }>('list_discussions', {})
      expect(first.total).toBe(30)
      expect(first.discussions).toHaveLength(25)
      const rest = await session.ok<{
        discussions: { path: string }[]
        next_cursor: string | null
      }>('list_discussions', { cursor: first.next_cursor })
      expect(rest).toMatchObject({ next_cursor: null })
      const paths = [...first.discussions, ...rest.discussions].map((one) => one.path).sort()
      expect(paths).toEqual([...Array(30).keys()].map((i) => `discussions/d${i}.md`).sort())
      const { resources } = await session.client.listResources()
      expect(resources).toHaveLength(30)
    } finally {
      await session.close()
    }
  }, 60_000)
})
