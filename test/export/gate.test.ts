// `discussions gate` through the real bin, as a CI job runs it: exit 0 only when every file
// reached a human-approved READY consensus, 1 with one line per file saying why, 2 for a file
// that is not a discussion; `--json` for machines; and `--git`, which asks git who committed each
// counted human vote, against the attacker who types a person's vote in their own commit (and
// renames themselves with a .mailmap). Each journey runs twice: cold, then warm.
import { appendFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { personBody } from '../../src/core/format/comment-body.js'
import { formatCommentBlock } from '../../src/core/format/serialize.js'
import { admitName, admitText } from '../../src/core/text/text.js'
import {
  changesDiscussion,
  discussionText,
  openDiscussion,
  readyDiscussion,
} from './discussion-texts.js'
import { project } from './project.js'
import type { Project } from './project.js'
import { coldThenWarm } from '../support/run-cli.js'

const FILES = {
  'discussions/sessions.md': discussionText(readyDiscussion()),
  'discussions/graphql.md': discussionText(changesDiscussion()),
  'discussions/queue.md': discussionText(openDiscussion()),
  'notes.md': '# Notes\n\nNot a discussion.\n',
}

const READY_LINE =
  'discussions/sessions.md: READY: Consensus reached: 3 of 4 READY, approved by Rob.\n'
const CHANGES_LINE =
  'discussions/graphql.md: not ready: no consensus yet: 0 of 3 READY, needs 67%.\n'
const OPEN_LINE = 'discussions/queue.md: not ready: no consensus yet: 1 of 2 READY, needs 67%.\n'

/** Each test runs its journey twice (a fresh state, then the state the first left) in each pass. */
const TWICE = { timeout: 120_000 }

async function twice(check: (p: Project, pass: string) => Promise<void>): Promise<void> {
  const cold = await project(FILES)
  await check(cold, 'cold')
  await check(await project(FILES, cold), 'warm')
}

coldThenWarm(
  'discussions gate',
  () => {
    it('exits 0 on a READY consensus, 1 saying why otherwise, 2 for a file that is not a discussion', async () => {
      await twice(async (p, pass) => {
        const ready = await p.run('gate', 'discussions/sessions.md')
        expect([ready.code, ready.stdout, ready.stderr], pass).toEqual([0, READY_LINE, ''])

        const all = await p.run(
          'gate',
          'discussions/sessions.md',
          'discussions/graphql.md',
          'discussions/queue.md',
        )
        expect([all.code, all.stdout], pass).toEqual([1, READY_LINE + CHANGES_LINE + OPEN_LINE])

        const notOne = await p.run('gate', 'discussions/sessions.md', 'notes.md', 'missing.md')
        expect(notOne.code, pass).toBe(2)
        expect(notOne.stdout).toBe(
          READY_LINE +
            'notes.md: not a discussion: markdown without the <!-- DISCUSSION --> header.\n' +
            'missing.md: no such file.\n',
        )
      })
    })

    it('prints each verdict as JSON with --json', async () => {
      const p = await project(FILES)
      const result = await p.run(
        'gate',
        '--json',
        'discussions/sessions.md',
        'discussions/graphql.md',
      )
      expect(result.code).toBe(1)
      const json = JSON.parse(result.stdout) as { ready: boolean; files: unknown[] }
      expect(json.ready).toBe(false)
      expect(json.files).toEqual([
        {
          file: 'discussions/sessions.md',
          discussion: true,
          ready: true,
          reason: 'Consensus reached: 3 of 4 READY, approved by Rob',
          counts: { READY: 3, CHANGES: 1, REJECT: 0 },
          humanApproved: true,
          phase: 'Consensus Vote',
        },
        {
          file: 'discussions/graphql.md',
          discussion: true,
          ready: false,
          reason: 'no consensus yet: 0 of 3 READY, needs 67%',
          counts: { READY: 0, CHANGES: 3, REJECT: 0 },
          humanApproved: false,
          phase: 'Consensus Vote',
        },
      ])
    })

    it('refuses a phase that does not vote and a template it does not know', async () => {
      const p = await project({
        'early.md': discussionText({ ...readyDiscussion(), phase: 'initial_feedback' }),
        'odd.md': discussionText({ ...readyDiscussion(), template: 'no-such-template' }),
      })
      const result = await p.run('gate', 'early.md', 'odd.md')
      expect(result.code).toBe(1)
      expect(result.stdout).toBe(
        'early.md: not ready: its phase Initial Feedback does not vote: the votes so far (3 of 4 READY) decide nothing.\n' +
          'odd.md: not ready: its template "no-such-template" is not known here, so which phases vote is unknown (`discussions templates` lists them).\n',
      )
    })
  },
  TWICE,
)

coldThenWarm(
  'discussions gate --git',
  () => {
    /** Every file committed as Rob, who cast the human vote. */
    async function committedByRob(): Promise<Project> {
      const p = await project(FILES)
      p.git(['add', '-A'])
      p.git(['commit', '-qm', 'Design review'], 'Rob')
      return p
    }

    it('passes when the counted human votes were committed by the people who cast them', async () => {
      const p = await committedByRob()
      for (const pass of ['cold', 'warm']) {
        const result = await p.run('gate', '--git', 'discussions/sessions.md')
        expect([result.code, result.stdout, result.stderr], pass).toEqual([0, READY_LINE, ''])
      }
    })

    it("fails a vote typed into someone else's name, even behind a .mailmap", async () => {
      const p = await project({
        ...FILES,
        'discussions/sessions.md': discussionText({
          ...readyDiscussion(),
          thread: readyDiscussion().thread.filter((s) => !('author' in s) || s.author !== 'Rob'),
        }),
      })
      p.git(['add', '-A'])
      p.git(['commit', '-qm', 'Review so far'], 'Rob')
      // Mallory has write access: she signs a READY as Rob, and maps her address to his name.
      await appendFile(
        join(p.root, 'discussions/sessions.md'),
        formatCommentBlock(admitName('Rob'), personBody(admitText('Ship it.')), 'READY'),
      )
      await p.write('.mailmap', 'Rob <rob@example.com> Mallory <mallory@example.com>\n')
      p.git(['add', '-A'])
      p.git(['commit', '-qm', 'Approve'], 'Mallory')
      const line = (await p.run('parse', 'discussions/sessions.md')).stdout
      const nameLine = (
        JSON.parse(line) as { comments: { author: string; line: number }[] }
      ).comments.at(-1)?.line

      const plain = await p.run('gate', 'discussions/sessions.md')
      expect(plain.code).toBe(0) // without --git, a vote is a line anyone can type
      for (const pass of ['cold', 'warm']) {
        const checked = await p.run('gate', '--git', 'discussions/sessions.md')
        expect(checked.code, pass).toBe(1)
        expect(checked.stdout).toBe(
          `discussions/sessions.md: not ready: --git: Rob's READY (line ${nameLine}) was committed by Mallory, not by Rob.\n`,
        )
      }
    })

    it('fails a file with votes not committed yet, or not in git at all', async () => {
      const p = await committedByRob()
      await appendFile(
        join(p.root, 'discussions/sessions.md'),
        formatCommentBlock(admitName('Ann'), personBody(admitText('Yes.')), 'READY'),
      )
      const changed = await p.run('gate', '--git', 'discussions/sessions.md')
      expect([changed.code, changed.stdout]).toEqual([
        1,
        'discussions/sessions.md: not ready: --git: the file has changes that are not committed; the check reads committed votes.\n',
      ])
      await p.write('discussions/new.md', discussionText(readyDiscussion()))
      const untracked = await p.run('gate', '--git', 'discussions/new.md')
      expect(untracked.code).toBe(1)
      expect(untracked.stdout).toMatch(
        /^discussions\/new\.md: not ready: --git: the file is not committed to git \(.+\)\.\n$/,
      )
    })
  },
  TWICE,
)
