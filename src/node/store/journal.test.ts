import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { parseDiscussion } from '../../core/format/parse.js'
import { tempFolder } from '../../../test/support/temp.js'
import { DiscussionFileStore } from './discussion-store.js'
import { AppendJournal } from './journal.js'
import { lostEntries, restoreLost, restoreLostChanges } from './journal-restore.js'
import { personComment } from '../../../test/support/comment-block.js'
import { admitText } from '../../core/text/text.js'

const START =
  '<!-- DISCUSSION -->\n<!-- Title: T -->\n<!-- Phase: review -->\n<!-- Status: OPEN -->\n\n# T\n\n---\n'

async function setup(options: ConstructorParameters<typeof AppendJournal>[1] = {}) {
  const folder = await tempFolder()
  const file = join(folder, 'd.md')
  await writeFile(file, START)
  const state = join(folder, 'state')
  const store = new DiscussionFileStore({ stateDir: state })
  const journal = new AppendJournal(state, options)
  // The store journals every comment it appends.
  const append = async (author: string, text: string, vote: 'READY' | 'CHANGES' | null = null) => {
    await store.appendComment(file, personComment({ author, text, vote }))
  }
  return { folder, file, store, journal, append }
}

const authors = (text: string): string[] =>
  parseDiscussion(text).comments.map((comment) => comment.author)

describe('AppendJournal', () => {
  it('keeps what was appended, read back as the parser sees it', async () => {
    const { file, journal, append } = await setup()
    await append('AI-Architect', 'Boundaries first.\n\n---\nnot a delimiter', 'CHANGES')
    const entries = await journal.entries(file)
    expect(entries).toHaveLength(1)
    expect(entries[0]?.author).toBe('AI-Architect')
    expect(entries[0]?.body).toContain('Boundaries first.')
    expect(entries[0]?.body).toContain('VOTE: CHANGES')
  })

  it('is written by every store append (CLI, app, library), unless turned off', async () => {
    const { file, folder, journal } = await setup()
    await new DiscussionFileStore({ stateDir: join(folder, 'state') }).appendComment(
      file,
      personComment({
        author: 'AI-Pragmatist',
        text: 'From a terminal.',
      }),
    )
    await new DiscussionFileStore({
      stateDir: join(folder, 'state'),
      journal: false,
    }).appendComment(file, personComment({ author: 'AI-Other', text: 'Not journaled.' }))
    expect((await journal.entries(file)).map((entry) => entry.author)).toEqual(['AI-Pragmatist'])
  })

  it('keeps every comment of a group commit, in the order they landed', async () => {
    const { file, journal, append } = await setup()
    const names = ['AI-A', 'AI-B', 'AI-C', 'AI-D', 'AI-E', 'AI-F', 'AI-G', 'AI-H']
    // Handed in together: the first is written alone, the other seven as one group.
    await Promise.all(names.map((name) => append(name, `From ${name}.`, 'READY')))
    const entries = await journal.entries(file)
    expect(entries.map((entry) => entry.author)).toEqual(authors(await readFile(file, 'utf8')))
    expect(entries.map((entry) => entry.author)).toEqual(names)
    expect(entries.every((entry) => entry.body.endsWith('VOTE: READY'))).toBe(true)
  })

  it('forgets entries older than its age limit and beyond its size limit', async () => {
    let now = 1_000_000
    const { file, journal } = await setup({ maxAgeMs: 500, maxEntries: 2, now: () => now })
    await journal.record(file, { author: 'AI-A', body: 'old' })
    now += 1000
    for (const body of ['one', 'two', 'three']) await journal.record(file, { author: 'AI-A', body })
    expect((await journal.entries(file)).map((entry) => entry.body)).toEqual(['two', 'three'])
  })

  it('makes its folder again when the state folder is cleared while it runs', async () => {
    const { folder, file, journal, append } = await setup()
    await append('AI-Architect', 'First.')
    await rm(join(folder, 'state'), { recursive: true, force: true })
    await append('AI-Security', 'Second.')
    expect((await journal.entries(file)).map((entry) => entry.author)).toEqual(['AI-Security'])
  })

  it('skips a line cut short by a crash', async () => {
    const { file, folder, journal } = await setup()
    await journal.record(file, { author: 'AI-A', body: 'kept' })
    const [name] = await readdir(join(folder, 'state', 'journal'))
    await writeFile(join(folder, 'state', 'journal', name ?? ''), '{"at": 1, "auth', { flag: 'a' })
    expect((await journal.entries(file)).map((entry) => entry.body)).toEqual(['kept'])
  })
})

describe('restoreLost', () => {
  it('appends again, in order, the answers an old buffer saved over, and nothing else', async () => {
    const { file, store, journal, append } = await setup()
    const old = await readFile(file, 'utf8') // the editor's buffer, opened before the turn
    await append('AI-Architect', 'Split the service.', 'CHANGES')
    await append('AI-Security', 'Rotate the keys.\n\nQ: who owns them?', 'READY')
    // The person adds a line to their old buffer and saves it over our answers.
    await writeFile(file, `${old}\nName: Rob\n\nMy own note.\n\n---\n`)

    const restored = await restoreLost(store, journal, file)
    expect(restored.map((entry) => entry.author)).toEqual(['AI-Architect', 'AI-Security'])
    const text = await readFile(file, 'utf8')
    expect(text.startsWith(`${old}\nName: Rob\n\nMy own note.\n\n---\n`)).toBe(true)
    expect(authors(text)).toEqual(['Rob', 'AI-Architect', 'AI-Security'])
    const parsed = parseDiscussion(text)
    expect(parsed.comments[1]?.vote).toBe('CHANGES')
    expect(parsed.comments[2]?.vote).toBe('READY')
    expect(parsed.comments[2]?.body).toContain('Q: who owns them?')

    // Checking again finds everything in place.
    expect(await restoreLost(store, journal, file)).toEqual([])
    expect(authors(await readFile(file, 'utf8'))).toEqual(['Rob', 'AI-Architect', 'AI-Security'])
  })

  it('leaves alone an answer a person edited by hand', async () => {
    const { file, store, journal, append } = await setup()
    await append('AI-Architect', 'Line one.\nLine two.\nLine three.', 'READY')
    const text = await readFile(file, 'utf8')
    await writeFile(file, text.replace('Line two.', 'Line 2, fixed.'))
    expect(await restoreLost(store, journal, file)).toEqual([])
  })

  it('restores once when two checks run at the same time', async () => {
    const { file, store, journal, append } = await setup()
    await append('AI-Architect', 'Answer.', 'READY')
    await writeFile(file, START)
    const [first, second] = await Promise.all([
      restoreLost(store, journal, file),
      restoreLost(store, journal, file),
    ])
    expect(first.length + second.length).toBe(1)
    expect(authors(await readFile(file, 'utf8'))).toEqual(['AI-Architect'])
  })

  it('does nothing for a deleted file or a file without a journal', async () => {
    const { file, store, journal, append, folder } = await setup()
    const other = join(folder, 'other.md')
    await writeFile(other, START)
    expect(await restoreLost(store, journal, other)).toEqual([])
    await append('AI-Architect', 'Answer.')
    await rm(file)
    expect(await restoreLost(store, journal, file)).toEqual([])
  })

  it('lostEntries restores an answer journaled twice once', () => {
    const entry = { at: 0, author: 'AI-Architect', body: 'Once.' }
    expect(lostEntries(START, [entry, { ...entry, at: 1 }])).toEqual([entry])
  })

  it('lostEntries compares authors too', () => {
    const text = `${START}\nName: AI-Other\n\nSame words.\n\n---\n`
    const lost = lostEntries(text, [{ at: 0, author: 'AI-Architect', body: 'Same words.' }])
    expect(lost).toHaveLength(1)
  })

  it('makes again a phase change an old buffer undid, before the answers that followed it', async () => {
    const { file, store, journal, append } = await setup()
    const old = await readFile(file, 'utf8')
    await store.recordPhaseTransition(file, admitText('review'), admitText('final_vote'))
    await append('AI-Architect', 'Ready to ship.', 'READY')
    await writeFile(file, old) // the editor's old buffer: phase review, no answer

    const outcome = await restoreLostChanges(store, journal, file)
    expect(outcome.phase).toMatchObject({ from: 'review', to: 'final_vote', restored: true })
    expect(outcome.comments.map((entry) => entry.author)).toEqual(['AI-Architect'])
    const text = await readFile(file, 'utf8')
    expect(text).toContain('<!-- Phase: final_vote -->')
    // The answer belongs to the new phase, so its vote counts there.
    expect(text.indexOf('PHASE-TRANSITION: review -> final_vote')).toBeLessThan(
      text.indexOf('Ready to ship.'),
    )
    expect(parseDiscussion(text).comments.at(-1)?.vote).toBe('READY')
    expect(await restoreLostChanges(store, journal, file)).toEqual({ comments: [], phase: null })
  })

  it('says, without touching it, that a phase change was not restored when the file moved on', async () => {
    const { file, store, journal } = await setup()
    const old = await readFile(file, 'utf8')
    await store.recordPhaseTransition(file, admitText('review'), admitText('final_vote'))
    // The old buffer, in which the person had set another phase by hand.
    const edited = old.replace('<!-- Phase: review -->', '<!-- Phase: design -->')
    await writeFile(file, edited)
    const outcome = await restoreLostChanges(store, journal, file)
    expect(outcome.phase).toMatchObject({ restored: false, current: 'design', to: 'final_vote' })
    expect(await readFile(file, 'utf8')).toBe(edited)
  })

  it('a phase entry is never appended again as a comment', async () => {
    const { file, journal, append } = await setup()
    await append('AI-Architect', 'Fine.', 'READY')
    const entries = await journal.entries(file)
    expect(entries).toHaveLength(1)
    const text = await readFile(file, 'utf8')
    expect(
      lostEntries(text, [{ at: 0, author: '', body: '', phase: { from: 'a', to: 'b' } }]),
    ).toEqual([])
  })
})
