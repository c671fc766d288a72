// Records exported for log4brains, read by log4brains' own reader (@log4brains/core, which runs
// offline on a git repository): title, status, deciders, tags and date come out as we wrote them,
// in the folder its `.log4brains.yml` names, under its `YYYYMMDD-slug` names.
import { expect, it } from 'vitest'

import { Log4brains } from '@log4brains/core'

import { discussionText, openDiscussion, readyDiscussion } from './discussion-texts.js'
import { project } from './project.js'
import { coldThenWarm } from '../support/run-cli.js'

/** Today as the export writes it: the local date. */
function today(): string {
  const now = new Date()
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

coldThenWarm("log4brains' reader reads what we export", () => {
  it('finds each record with its title, status, deciders, tags and date', async () => {
    const p = await project({
      '.log4brains.yml': 'project:\n  name: demo\n  tz: UTC\n  adrFolder: ./architecture/adr\n',
      'discussions/sessions.md': discussionText(readyDiscussion()),
      'discussions/queue.md': discussionText(openDiscussion()),
    })
    const day = today().replaceAll('-', '')
    for (const [name, slug, status] of [
      ['sessions', 'use-server-sessions', 'accepted'],
      ['queue', 'pick-a-queue', 'proposed'],
    ] as const) {
      const result = await p.run(
        'export',
        `discussions/${name}.md`,
        '--adr',
        '--flavor',
        'log4brains',
      )
      expect(result.stdout).toBe(
        `ADR written: architecture/adr/${day}-${slug}.md (log4brains, ${status})\n`,
      )
    }
    p.git(['add', '-A'])
    p.git(['commit', '-qm', 'Decisions'], 'Rob')

    const adrs = await Log4brains.create(p.root).searchAdrs()
    const read = adrs.map((adr) => ({
      slug: adr.slug,
      title: adr.title,
      status: adr.status,
      deciders: adr.deciders,
      tags: adr.tags,
      date: adr.publicationDate?.slice(0, 10),
    }))
    expect(read).toEqual([
      {
        slug: `${day}-pick-a-queue`,
        title: 'Pick a queue',
        status: 'proposed',
        deciders: [],
        tags: ['feature'],
        date: today(),
      },
      {
        slug: `${day}-use-server-sessions`,
        title: 'Use server sessions',
        status: 'accepted',
        deciders: ['Rob'],
        tags: ['feature'],
        date: today(),
      },
    ])
  })
})
