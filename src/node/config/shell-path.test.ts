import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { loginShellPath, mergePaths, withShellPath } from './shell-path.js'

/** A stand-in for the user's shell: a real script that runs `-c SCRIPT` with a PATH of its own. */
async function fakeShell(body: string): Promise<string> {
  const file = join(await tempFolder(), 'fake-shell')
  await writeFile(file, `#!/bin/sh\n${body}\n`)
  await chmod(file, 0o755)
  return file
}

describe('loginShellPath', () => {
  it('reads the PATH the shell sets, ignoring what its rc files print', async () => {
    const shell = await fakeShell(
      'echo "Welcome back!"\nPATH=/opt/ai/bin:/usr/bin\nexport PATH\nshift\nexec /bin/sh -c "$1"',
    )
    expect(await loginShellPath({ PATH: '/usr/bin' }, { shell })).toBe('/opt/ai/bin:/usr/bin')
  })

  it('gives up on a shell that hangs, and on one that fails', async () => {
    const hangs = await fakeShell('exec sleep 30')
    expect(await loginShellPath({}, { shell: hangs, timeoutMs: 200 })).toBeNull()
    const fails = await fakeShell('exit 1')
    expect(await loginShellPath({}, { shell: fails })).toBeNull()
    expect(await loginShellPath({}, { shell: '/no/such/shell' })).toBeNull()
  })
})

describe('withShellPath', () => {
  it("puts the shell's entries first and keeps the rest", async () => {
    const shell = await fakeShell(
      'PATH=/opt/ai/bin:/usr/bin\nexport PATH\nshift\nexec /bin/sh -c "$1"',
    )
    const env = await withShellPath({ PATH: '/usr/bin:/bin', HOME: '/home/rob' }, { shell })
    expect(env).toEqual({ PATH: '/opt/ai/bin:/usr/bin:/bin', HOME: '/home/rob' })
  })

  it('leaves the environment alone on Windows and when the shell fails', async () => {
    const env = { PATH: 'C:\\Windows' }
    expect(await withShellPath(env, { platform: 'win32' })).toBe(env)
    const fails = await fakeShell('exit 1')
    expect(await withShellPath({ PATH: '/bin' }, { shell: fails, platform: 'linux' })).toEqual({
      PATH: '/bin',
    })
  })

  it('mergePaths drops empty and repeated entries', () => {
    expect(mergePaths('/a::/b', '/b:/c:', ':')).toBe('/a:/b:/c')
    expect(mergePaths(null, '/c', ':')).toBe('/c')
  })
})
