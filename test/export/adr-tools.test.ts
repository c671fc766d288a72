// Records exported for adr-tools, checked by adr-tools itself (Debian's `adr-tools` package, as
// .ci/run installs it): `adr list` and `adr generate toc` read them, `adr new` numbers after
// them, `adr link` edits their Status section, and `.adr-dir` moves them. Through the real bin,
// each journey twice (cold, then warm).
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import {
  changesDiscussion,
  discussionText,
  openDiscussion,
  readyDiscussion,
} from './discussion-texts.js'
import { project } from './project.js'
import { coldThenWarm } from '../support/run-cli.js'

function hasAdr(): boolean {
  try {
    execFileSync('adr', ['help'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

const adr = (cwd: string, ...args: string[]): string =>
  execFileSync('adr', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, EDITOR: 'true', VISUAL: 'true', ADR_DATE: '2026-11-03' },
  })

coldThenWarm(
  'adr-tools reads what we export (apt-get install adr-tools)',
  () => {
    it('lists them, builds its table of contents from them and numbers after them', async () => {
      const files = {
        'discussions/sessions.md': discussionText(readyDiscussion()),
        'discussions/graphql.md': discussionText(changesDiscussion()),
        'discussions/queue.md': discussionText(openDiscussion()),
      }
      const cold = await project(files)
      for (const [pass, p] of [
        ['cold', cold],
        ['warm', await project(files, cold)],
      ] as const) {
        const first = await p.run(
          'export',
          'discussions/sessions.md',
          '--adr',
          '--flavor',
          'adr-tools',
        )
        expect(first.stderr, pass).toBe('')
        expect(first.stdout).toBe(
          'ADR written: doc/adr/0001-use-server-sessions.md (adr-tools, accepted)\n',
        )
        const second = await p.run(
          'export',
          'discussions/graphql.md',
          '--adr',
          '--flavor',
          'adr-tools',
        )
        expect(second.stdout).toBe(
          'ADR written: doc/adr/0002-adopt-graphql.md (adr-tools, proposed)\n',
        )

        expect(adr(p.root, 'list').trim().split('\n')).toEqual([
          'doc/adr/0001-use-server-sessions.md',
          'doc/adr/0002-adopt-graphql.md',
        ])
        expect(adr(p.root, 'generate', 'toc')).toContain(
          '* [1. Use server sessions](0001-use-server-sessions.md)\n* [2. Adopt GraphQL](0002-adopt-graphql.md)\n',
        )
        expect(adr(p.root, 'new', 'Cache the catalog').trim()).toBe(
          'doc/adr/0003-cache-the-catalog.md',
        )
        const third = await p.run(
          'export',
          'discussions/queue.md',
          '--adr',
          '--flavor',
          'adr-tools',
        )
        expect(third.stdout).toBe(
          'ADR written: doc/adr/0004-pick-a-queue.md (adr-tools, proposed)\n',
        )

        // adr-tools edits our Status section as it edits its own records.
        adr(p.root, 'link', '4', 'Amends', '1', 'Amended by')
        const ours = await readFile(join(p.root, 'doc/adr/0001-use-server-sessions.md'), 'utf8')
        expect(ours).toMatch(
          /^# 1\. Use server sessions\n\nDate: \d{4}-\d{2}-\d{2}\n\n## Status\n\nAccepted\n\nAmended by \[4\. Pick a queue\]\(0004-pick-a-queue\.md\)\n\n## Context\n/,
        )
      }
    })

    it('writes where .adr-dir says, and replaces a record of the same title only with --force', async () => {
      const p = await project({
        '.adr-dir': 'architecture/decisions\n',
        'discussions/sessions.md': discussionText(readyDiscussion()),
      })
      const written = await p.run(
        'export',
        'discussions/sessions.md',
        '--adr',
        '--flavor',
        'adr-tools',
      )
      expect(written.stdout).toBe(
        'ADR written: architecture/decisions/0001-use-server-sessions.md (adr-tools, accepted)\n',
      )
      expect(adr(p.root, 'list').trim()).toBe('architecture/decisions/0001-use-server-sessions.md')

      for (const pass of ['cold', 'warm']) {
        const again = await p.run(
          'export',
          'discussions/sessions.md',
          '--adr',
          '--flavor',
          'adr-tools',
        )
        expect(again.code, pass).toBe(2)
        expect(again.stderr).toMatch(
          /^error: .*architecture\/decisions\/0001-use-server-sessions\.md: already records "Use server sessions"; not replaced\. Give --force to replace it, or --dir for another folder\.\n$/,
        )
      }
      const forced = await p.run(
        'export',
        'discussions/sessions.md',
        '--adr',
        '--flavor',
        'adr-tools',
        '--force',
      )
      expect(forced.stdout).toBe(
        'ADR replaced: architecture/decisions/0001-use-server-sessions.md (adr-tools, accepted)\n',
      )
      expect(adr(p.root, 'list').trim()).toBe('architecture/decisions/0001-use-server-sessions.md')
    })
  },
  { skip: !hasAdr(), timeout: 120_000 },
)
