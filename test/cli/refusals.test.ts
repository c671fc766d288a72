/**
 * What the CLI refuses, as a user sees it through the real bin: the exit code and the one line
 * that says what is wrong and how to fix it — and that nothing was written and no provider called.
 */
import { spawn } from 'node:child_process'
import { chownSync, copyFileSync, linkSync, mkdtempSync } from 'node:fs'
import { chmod, mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { BIN, binEnv, coldThenWarm, runDiscussions } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import { CACHE_DISCUSSION as DISCUSSION, LOGGING_SCRIPT } from '../support/logging-provider.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'

async function workspace() {
  const space = await scriptedWorkspace({ prefix: 'discussions-refusals-', script: LOGGING_SCRIPT })
  const file = join(space.root, 'cache.md')
  await writeFile(file, DISCUSSION)
  return { ...space, file }
}

let nodeForNobody: string | undefined

/**
 * The running Node as a program the unprivileged user can start: a Node brought into root's own
 * cache folder (the other Node lines CI checks) is out of that user's reach, so it is linked, or
 * copied, into a folder anyone can read.
 */
function nodeTheUserCanRun(): string {
  if (nodeForNobody) return nodeForNobody
  const folder = mkdtempSync(join(tmpdir(), 'discussions-node-'))
  const node = join(folder, 'node')
  try {
    linkSync(process.execPath, node)
  } catch {
    copyFileSync(process.execPath, node)
  }
  chownSync(folder, 65534, 65534)
  nodeForNobody = node
  return node
}

/** Runs the bin as an unprivileged user (root writes through any permission bits). */
function runUnprivileged(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliRun> {
  const asRoot = process.getuid?.() === 0
  const withCache = binEnv(env)
  // The user the bin runs as keeps its compiled code where the pass says, as any user would.
  if (asRoot && withCache.NODE_COMPILE_CACHE) chownSync(withCache.NODE_COMPILE_CACHE, 65534, 65534)
  const child = spawn(asRoot ? nodeTheUserCanRun() : process.execPath, [BIN, ...args], {
    cwd,
    env: withCache,
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  })
  child.stdin.end()
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** One line on stderr, exit 2, nothing on stdout. */
function expectRefusal(run: CliRun, message: RegExp): void {
  expect(run.stderr.trimEnd()).toMatch(message)
  expect(run.code).toBe(2)
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
  expect(run.stdout).toBe('')
}

const NOT_DISCUSSIONS = [
  ['JSON', 'package.json', '{\n  "name": "app"\n}\n', /looks like JSON/],
  ['binary', 'logo.png', '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000', /looks like a binary file/],
  [
    'markdown',
    'notes.md',
    '# Notes\n\n- remember the milk\n',
    /is markdown without the <!-- DISCUSSION --> header/,
  ],
] as const

coldThenWarm('writing commands refuse a file that is not a discussion', () => {
  it.each(NOT_DISCUSSIONS)(
    'leave %s untouched and call no provider',
    async (_kind, name, text, looks) => {
      const { root, run, calls } = await workspace()
      await writeFile(join(root, name), text, 'latin1')
      for (const args of [
        ['comment', name, 'oops'],
        ['turn', name, '@architect'],
        ['summarize', name],
        ['advance', name],
      ]) {
        const result = await run(...args)
        expectRefusal(result, looks)
        expect(result.stderr.trimEnd()).toMatch(
          /not a discussion, so nothing was written\. Start one with `discussions new "Title"`, or make a markdown file one by putting <!-- DISCUSSION --> on its first line\.$/,
        )
        expect(await readFile(join(root, name), 'latin1')).toBe(text)
      }
      expect(await calls()).toEqual([])
      expect((await readdir(root)).filter((entry) => entry.endsWith('.sum.md'))).toEqual([])
    },
    // Four runs of the real bin each.
    120_000,
  )
})

coldThenWarm('a discussion that cannot be written', () => {
  it('is refused before a turn asks anyone, naming the file and the fix', async () => {
    const { root, file, env, calls } = await workspace()
    const state = join(root, 'state-for-anyone')
    await mkdir(state, { mode: 0o777 })
    await chmod(state, 0o777)
    await chmod(root, 0o755)
    await chmod(file, 0o444)
    const turnEnv = { ...env, DISCUSSIONS_STATE_DIR: state }
    const turn = await runUnprivileged(['turn', 'cache.md', '@architect'], root, turnEnv)
    expectRefusal(
      turn,
      /^error: cache\.md cannot be written \(permission denied\); nothing was changed\. Make it writable \(for example `chmod u\+w cache\.md`\) or work on a copy\.$/,
    )
    expect(await calls()).toEqual([])
    expect(await readFile(file, 'utf8')).toBe(DISCUSSION)
  })

  it('names a read-only folder when the header must be rewritten', async () => {
    const { root, env } = await workspace()
    const state = join(root, 'state-for-anyone')
    await mkdir(state, { mode: 0o777 })
    await chmod(state, 0o777)
    const folder = join(root, 'shared')
    await mkdir(folder)
    const inside = join(folder, 'cache.md')
    await writeFile(inside, DISCUSSION)
    await chmod(inside, 0o666)
    await chmod(folder, 0o555)
    await chmod(root, 0o755)
    const advance = await runUnprivileged(['advance', inside], root, {
      ...env,
      DISCUSSIONS_STATE_DIR: state,
    })
    expectRefusal(advance, new RegExp(`^error: The folder ${folder} cannot be written`))
    expect(await readFile(inside, 'utf8')).toBe(DISCUSSION)
  })

  it('names DISCUSSIONS_STATE_DIR when the state folder cannot be made', async () => {
    const { root, env, file, calls } = await workspace()
    const blocker = join(root, 'not-a-folder')
    await writeFile(blocker, '')
    const blocked = await runDiscussions(['turn', file, '@architect'], {
      cwd: root,
      env: { ...env, DISCUSSIONS_STATE_DIR: join(blocker, 'state') },
    })
    expectRefusal(
      blocked,
      /^error: The state folder .* cannot be written .*Set DISCUSSIONS_STATE_DIR to a folder you can write/,
    )
    expect(blocked.stderr).not.toMatch(/ENOTDIR|\.lock|\.tail/)
    expect(await calls()).toEqual([])
    expect(await readFile(file, 'utf8')).toBe(DISCUSSION)
  })
})

coldThenWarm('names and text the CLI cannot take as given', () => {
  it('turn FILE @architetc: exit 2 with the persona meant, and no call', async () => {
    const { run, file, calls } = await workspace()
    const result = await run('turn', file, '@architetc')
    expectRefusal(
      result,
      /^error: No persona named @architetc; did you mean @architect\? `discussions participants list` shows who can take part\.$/,
    )
    expect(await calls()).toEqual([])
  })

  it(
    'comment FILE "- item": says to put -- before the text or pipe it, and both work',
    {
      timeout: 60_000,
    },
    async () => {
      const { file, root, env, run } = await workspace()
      const refused = await run('comment', file, '- item')
      expect(refused.code).toBe(2)
      expect(refused.stderr).toMatch(
        /^error: "- item" starts with - and reads as an option; put -- before the text \(`discussions comment FILE -- "- item"`\) or pipe it on stdin with - as the text/,
      )
      expect(await readFile(file, 'utf8')).toBe(DISCUSSION)
      expect((await run('comment', file, '--', '- first item')).code).toBe(0)
      const piped = await runDiscussions(['comment', file, '-'], {
        cwd: root,
        env,
        input: '- second item\n',
      })
      expect(piped.code).toBe(0)
      const text = await readFile(file, 'utf8')
      expect(text).toContain('\n- first item\n')
      expect(text).toContain('\n- second item\n')
    },
  )

  it('garbage piped into votes or route exits 2', { timeout: 120_000 }, async () => {
    for (const command of ['votes', 'route']) {
      for (const [input, message] of [
        [
          'hello, this is a log line\nand another\n',
          /neither a discussion nor `discussions parse` output/,
        ],
        ['\u0000\u0001\u0002binary', /binary data/],
        ['[1, 2, 3]', /JSON, but not `discussions parse` output/],
        ['{"name": "app"}', /not `discussions parse` output: votes/],
      ] as const) {
        const result = await runDiscussions([command], { input })
        expect(result.code, `${command} <<< ${input}`).toBe(2)
        expect(result.stderr).toMatch(message)
      }
    }
  })
})

coldThenWarm('artifact new and ui', () => {
  it('artifact new without a terminal prints the hint instead of waiting in vi, leaving no file', async () => {
    const { root, file } = await workspace()
    const result = await runDiscussions(['artifact', 'new', file], {
      cwd: root,
      env: { DISPLAY: '', WAYLAND_DISPLAY: '', EDITOR: 'vi', VISUAL: '' },
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      /^error: No display for the artifact editor, and no terminal for \$VISUAL\/\$EDITOR \(vi\), so nothing was created\. Set artifact_editor in discussions\.yaml/,
    )
    expect(await readdir(root)).not.toContain('diagrams')
  })

  it('ui on a missing path says so', async () => {
    const { run } = await workspace()
    const result = await run('ui', 'no-such-discussion.md')
    expectRefusal(
      result,
      /^error: no-such-discussion\.md: no such file or folder\. Give a folder of discussions or one discussion file/,
    )
  })
})
