// `discussions export` through the real bin: where each file goes, what it says, and the doors an
// attacker tries. A cloned repository may ship a `docs/decisions` link to ~/.ssh, an `.adr-dir`
// naming ../../, a `.log4brains.yml` pointing out, or a page name that is a link; a person may
// type `--out /tmp/x`. Every write stays inside the project, never through a link, and never
// over a file without --force. The class is tested as a property (any folder or name, any
// links), and each attack through the bin, cold then warm.
import { existsSync } from 'node:fs'
import { lstat, mkdir, readFile, readdir, realpath, symlink, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'

import fc from 'fast-check'
import { expect, it } from 'vitest'

import { openEngine } from '../../src/node/engine/index.js'
import { UnsafeWriteError } from '../../src/node/files/write-target.js'
import { tempFolder } from '../support/temp.js'
import { discussionText, readyDiscussion } from './discussion-texts.js'
import { project } from './project.js'
import type { Project } from './project.js'
import { coldThenWarm } from '../support/run-cli.js'

const SESSIONS = { 'discussions/sessions.md': discussionText(readyDiscussion()) }

/** Each test runs its journey twice (a fresh state, then the state the first left) in each pass. */
const TWICE = { timeout: 120_000 }

async function twice(
  files: Record<string, string>,
  check: (p: Project, pass: string) => Promise<void>,
): Promise<void> {
  const cold = await project(files)
  await check(cold, 'cold')
  await check(await project(files, cold), 'warm')
}

/** Every file below `folder`, relative to it. */
async function filesIn(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return []
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort()
}

coldThenWarm(
  'discussions export',
  () => {
    it('writes a MADR record by default, refuses to replace it, and replaces it with --force', async () => {
      await twice(SESSIONS, async (p, pass) => {
        const first = await p.run('export', 'discussions/sessions.md', '--adr')
        expect([first.code, first.stdout, first.stderr], pass).toEqual([
          0,
          'ADR written: docs/decisions/0001-use-server-sessions.md (madr, accepted)\n',
          '',
        ])
        const file = join(p.root, 'docs/decisions/0001-use-server-sessions.md')
        const text = await readFile(file, 'utf8')
        expect(text).toMatch(
          /^---\nstatus: accepted\ndate: \d{4}-\d{2}-\d{2}\ndecision-makers: \["Rob"\]\n/,
        )
        expect(text).toContain('Discussion: [sessions.md](../../discussions/sessions.md)\n')

        const again = await p.run('export', 'discussions/sessions.md', '--adr')
        expect(again.code).toBe(2)
        expect(again.stderr).toContain('already records "Use server sessions"; not replaced.')
        expect(await readFile(file, 'utf8')).toBe(text)

        const forced = await p.run('export', 'discussions/sessions.md', '--adr', '--force')
        expect(forced.stdout).toBe(
          'ADR replaced: docs/decisions/0001-use-server-sessions.md (madr, accepted)\n',
        )
        expect(await filesIn(join(p.root, 'docs'))).toEqual([
          'decisions/0001-use-server-sessions.md',
        ])
      })
    })

    it('writes the page beside the discussion, or where --out says inside the project', async () => {
      await twice(SESSIONS, async (p, pass) => {
        const page = await p.run('export', 'discussions/sessions.md', '--html')
        expect([page.code, page.stdout], pass).toEqual([
          0,
          'Page written: discussions/sessions.html (0 diagrams)\n',
        ])
        const html = await readFile(join(p.root, 'discussions/sessions.html'), 'utf8')
        expect(html).toMatch(/^<!doctype html>/)
        expect(html).not.toMatch(/<script/i)
        const again = await p.run('export', 'discussions/sessions.md', '--html')
        expect(again.code).toBe(2)
        expect(again.stderr).toMatch(
          /sessions\.html: exists; not replaced\. Give --force to replace it/,
        )
        const out = await p.run(
          'export',
          'discussions/sessions.md',
          '--html',
          '--out',
          'site/review.html',
        )
        expect(out.stdout).toBe('Page written: site/review.html (0 diagrams)\n')
      })
    })

    it('says what is wrong with the command line, or with the file', async () => {
      const p = await project({ ...SESSIONS, 'notes.md': '# Notes\n' })
      const cases: [string[], RegExp][] = [
        [['export', 'discussions/sessions.md'], /^error: Say what to export: --adr .* or --html/],
        [['export', 'discussions/sessions.md', '--adr', '--html'], /one of them/],
        [
          ['export', 'discussions/sessions.md', '--html', '--dir', 'x'],
          /--dir chooses the ADR folder and goes with --adr/,
        ],
        [
          ['export', 'discussions/sessions.md', '--adr', '--out', 'x'],
          /--out names the HTML page and goes with --html/,
        ],
        [
          ['export', 'discussions/sessions.md', '--adr', '--flavor', 'y-statements'],
          /Allowed choices are madr, adr-tools, log4brains/,
        ],
        [
          ['export', 'notes.md', '--adr'],
          /notes\.md is markdown without the <!-- DISCUSSION --> header, not a discussion/,
        ],
        [['export', 'missing.md', '--html'], /missing\.md: no such file/],
      ]
      for (const [args, message] of cases) {
        const result = await p.run(...args)
        expect(result.code, args.join(' ')).toBe(2)
        expect(result.stderr, args.join(' ')).toMatch(message)
      }
      expect(
        await filesIn(p.root).then((files) => files.filter((f) => !f.startsWith('.'))),
      ).toEqual(['discussions/sessions.md', 'notes.md'])
    })
  },
  TWICE,
)

coldThenWarm(
  'exports never leave the project',
  () => {
    it('refuses links and settings that lead out, through the bin', async () => {
      const outside = await tempFolder('outside-')
      await twice(SESSIONS, async (p, pass) => {
        await mkdir(join(p.root, 'docs'), { recursive: true })
        await symlink(outside, join(p.root, 'docs', 'decisions'))
        const linked = await p.run('export', 'discussions/sessions.md', '--adr')
        expect(linked.code, pass).toBe(2)
        expect(linked.stderr).toMatch(/(is|leads) outside|is a link to .*, outside .*; not written/)

        await p.write('.adr-dir', '../../../tmp\n')
        const adrDir = await p.run(
          'export',
          'discussions/sessions.md',
          '--adr',
          '--flavor',
          'adr-tools',
        )
        expect(adrDir.code).toBe(2)
        expect(adrDir.stderr).toMatch(/is outside/)

        await p.write('.log4brains.yml', `project:\n  adrFolder: ${outside}\n`)
        const l4b = await p.run(
          'export',
          'discussions/sessions.md',
          '--adr',
          '--flavor',
          'log4brains',
        )
        expect(l4b.code).toBe(2)
        expect(l4b.stderr).toMatch(/is outside/)

        const out = await p.run(
          'export',
          'discussions/sessions.md',
          '--html',
          '--out',
          join(outside, 'page.html'),
        )
        expect(out.code).toBe(2)
        expect(out.stderr).toMatch(/is outside/)

        await symlink(join(outside, 'stolen.html'), join(p.root, 'discussions', 'sessions.html'))
        // --force replaces the name: the link itself gives way to a file inside, nothing is
        // written through it.
        const page = await p.run('export', 'discussions/sessions.md', '--html', '--force')
        expect(page.code, page.stderr).toBe(0)
        expect((await lstat(join(p.root, 'discussions', 'sessions.html'))).isFile()).toBe(true)
        const plain = await p.run('export', 'discussions/sessions.md', '--html')
        expect(plain.code).toBe(2)
        expect(plain.stderr).toMatch(/exists; not replaced/)
        expect(await filesIn(outside)).toEqual([])
      })
    })

    it('writes inside the project or refuses, for any folder and name, whatever links lie on the way', async () => {
      const outside = await tempFolder('outside-')
      const segment = fc.constantFrom('..', '.', 'docs', 'decisions', 'in', 'out', 'loop')
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 5 }),
          fc.constantFrom('madr', 'adr-tools', 'log4brains'),
          fc.boolean(),
          async (segments, flavor, force) => {
            const root = await tempFolder('confined-')
            await mkdir(join(root, '.git'))
            await mkdir(join(root, 'in'))
            await symlink(outside, join(root, 'out'))
            await symlink(join(root, 'in'), join(root, 'in', 'loop'))
            await mkdir(join(root, 'discussions'))
            const discussion = join(root, 'discussions', 'sessions.md')
            await writeFile(discussion, discussionText(readyDiscussion()))
            const engine = await openEngine({
              cwd: root,
              env: {
                DISCUSSIONS_STATE_DIR: join(root, '.state'),
                DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
              },
            })
            const dir = segments.join('/')
            const realRoot = await realpath(root)
            try {
              const { file } = await engine.exportAdr(discussion, { flavor, dir, force })
              const real = await realpath(file)
              expect(real.startsWith(`${realRoot}/`)).toBe(true)
            } catch (error) {
              expect(error).toBeInstanceOf(UnsafeWriteError)
            }
            try {
              const { file } = await engine.exportHtml(discussion, {
                out: `${dir}/page.html`,
                force,
              })
              expect((await realpath(dirname(file))).startsWith(realRoot)).toBe(true)
            } catch (error) {
              expect(error).toBeInstanceOf(UnsafeWriteError)
            }
            expect(await filesIn(outside)).toEqual([])
          },
        ),
        { numRuns: Number(process.env.FC_NUM_RUNS ?? 200) },
      )
    })
  },
  TWICE,
)
