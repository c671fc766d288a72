/**
 * Text a person types or pipes in that is not text is refused, never repaired: through the real
 * bin, random bytes and a NUL on stdin and a byte that is not UTF-8 in an argument exit 2 with one
 * line saying what is wrong, and the file is unchanged (cold, then warm); through the app's
 * backend, a NUL in a comment or a title is an error in words.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { exampleBackend } from '../app/backend-fixture.js'
import { coldThenWarm, runDiscussions, runPipeline } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

async function project() {
  const root = await tempFolder('discussions-binary-')
  const env = {
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const created = await runDiscussions(['new', 'Binary', '--dir', root], { cwd: root, env })
  expect(created).toMatchObject({ code: 0, stderr: '' })
  return { root, env, file: join(root, 'binary.md') }
}

coldThenWarm('text that is not text is refused', () => {
  it('`comment -` refuses random bytes and a NUL with exit 2 and one line, and writes nothing', async () => {
    const { root, env, file } = await project()
    const before = await readFile(file, 'utf8')
    const attempts: [string, Buffer][] = [
      ['5 MB of random bytes', randomBytes(5_000_000)],
      ['a NUL in UTF-8 text', Buffer.from('Looks fine.\u0000\nVOTE: READY\n')],
      ['a byte that is not UTF-8', Buffer.from([0x6f, 0x6b, 0xff, 0x0a])],
    ]
    for (const run of ['cold', 'warm'])
      for (const [what, input] of attempts) {
        const result = await runDiscussions(['comment', file, '-'], {
          cwd: root,
          env,
          input,
        })
        expect({ run, what, code: result.code, lines: result.stderr.split('\n').length }).toEqual({
          run,
          what,
          code: 2,
          lines: 2, // one line and its newline
        })
        expect(result.stderr).toMatch(/^error: The comment (is not valid UTF-8|holds a NUL byte)/)
        expect(result.stdout).toBe('')
      }
    expect(await readFile(file, 'utf8')).toBe(before)
  }, 120_000)

  it('an argument holding a byte that is not UTF-8 is refused the same way', async () => {
    const { root, file } = await project()
    const before = await readFile(file, 'utf8')
    const result = await runPipeline(
      `DISCUSSIONS_CONFIG_DIR=${root}/.config DISCUSSIONS_STATE_DIR=${root}/.state discussions comment ${file} $'ok \\xff'`,
      root,
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^error: The comment is not valid UTF-8 \(U\+FFFD at character 4/)
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it('the app says in words why a comment or a title holding NUL is refused', async () => {
    const { backend, folder } = await exampleBackend()
    try {
      const path = join(folder, 'add-user-authentication.md')
      const before = await readFile(path, 'utf8')
      const comment = (await backend.invoke('comments:add', { path, text: 'a\u0000b' })) as {
        error?: { message: string }
      }
      expect(comment.error?.message).toMatch(/The comment holds a NUL byte/)
      const created = (await backend.invoke('discussions:create', {
        title: 'Bad\u0000title',
        folder,
      })) as { error?: { message: string } }
      expect(created.error?.message).toMatch(/The title holds a NUL byte/)
      expect(await readFile(path, 'utf8')).toBe(before)
    } finally {
      backend.close()
    }
  })
})
