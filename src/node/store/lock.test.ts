import { spawnSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { acquireLock, LockTimeoutError, withLock } from './lock.js'

const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid ?? 999_999

describe('acquireLock', () => {
  it('serializes holders', async () => {
    const lock = join(await tempFolder(), 'locks', 'a.lock')
    const order: string[] = []
    await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        withLock(lock, async () => {
          order.push(`${name}:in`)
          await new Promise((resolve) => setTimeout(resolve, 20))
          order.push(`${name}:out`)
        }),
      ),
    )
    for (let i = 0; i < order.length; i += 2)
      expect(order[i + 1]).toBe(order[i]?.replace(':in', ':out'))
  })

  it('takes over at once a lock whose owner process is gone', async () => {
    const lock = join(await tempFolder(), 'b.lock')
    await writeFile(lock, JSON.stringify({ pid: deadPid(), host: hostname(), token: 'old' }))
    const started = Date.now()
    const release = await acquireLock(lock, { timeoutMs: 30_000 })
    expect(Date.now() - started).toBeLessThan(10_000) // not the 30 s wait for a live owner
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid })
    await release()
  })

  it('waits for a live owner and then says who holds it', async () => {
    const lock = join(await tempFolder(), 'c.lock')
    await writeFile(lock, JSON.stringify({ pid: process.pid, host: hostname(), token: 'mine' }))
    await expect(acquireLock(lock, { timeoutMs: 200 })).rejects.toThrow(LockTimeoutError)
    await expect(acquireLock(lock, { timeoutMs: 200 })).rejects.toThrow(`(pid ${process.pid})`)
  })

  it('breaks a lock older than the stale limit whatever its owner', async () => {
    const lock = join(await tempFolder(), 'd.lock')
    await writeFile(lock, JSON.stringify({ pid: process.pid, host: 'another-host', token: 'far' }))
    await new Promise((resolve) => setTimeout(resolve, 60))
    const release = await acquireLock(lock, { timeoutMs: 2_000, staleMs: 50 })
    const owner = JSON.parse(await readFile(lock, 'utf8')) as { host: string; token: string }
    expect(owner).toMatchObject({ pid: process.pid, host: hostname() })
    expect(owner.token).not.toBe('far')
    await release()
    await expect(readFile(lock, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
