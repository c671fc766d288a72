/**
 * Counts how often one file is opened and read whole, at the file system: the builtin modules'
 * exports are replaced and synced into every ES module that imports them, so the real code is
 * measured as it runs, through any face (engine, backend, CLI). `stop` puts them back.
 */
import fs, { realpathSync } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import fsPromises from 'node:fs/promises'
import { syncBuiltinESMExports } from 'node:module'
import { resolve } from 'node:path'

export interface ReadCount {
  /** Times the file was opened, for any read (whole, head or tail). */
  readonly opens: number
  /** Whole-file reads: `readFile`, `readFileSync`, or `readFile` on a handle opened on it. */
  readonly whole: number
  stop(): void
}

type Loose = (...args: unknown[]) => unknown

export function countReads(file: string): ReadCount {
  const names = new Set([resolve(file), realpathSync(file)])
  const isFile = (path: unknown): boolean =>
    (typeof path === 'string' && names.has(resolve(path))) ||
    (path instanceof URL && names.has(path.pathname))
  const counts = { opens: 0, whole: 0 }
  // readFileSync opens through fs.openSync: that open is the whole read's, not another one.
  let inWholeRead = 0
  const restore: (() => void)[] = []
  const replace = (target: object, name: string, make: (original: Loose) => Loose): void => {
    const holder = target as Record<string, Loose>
    const original = holder[name]
    if (!original) throw new Error(`no ${name} to count`)
    holder[name] = make(original)
    restore.push(() => (holder[name] = original))
  }
  const wholeRead = (original: Loose): Loose =>
    function (this: unknown, ...args: unknown[]) {
      if (!isFile(args[0])) return original.apply(this, args)
      counts.opens += 1
      counts.whole += 1
      inWholeRead += 1
      try {
        return original.apply(this, args)
      } finally {
        inWholeRead -= 1
      }
    }
  replace(fsPromises, 'readFile', wholeRead)
  replace(fs, 'readFileSync', wholeRead)
  replace(
    fsPromises,
    'open',
    (original) =>
      async function (this: unknown, ...args: unknown[]) {
        const handle = (await original.apply(this, args)) as FileHandle
        if (!isFile(args[0])) return handle
        counts.opens += 1
        const readWhole = handle.readFile.bind(handle)
        handle.readFile = ((...options: Parameters<FileHandle['readFile']>) => {
          counts.whole += 1
          return readWhole(...options)
        }) as FileHandle['readFile']
        return handle
      },
  )
  replace(
    fs,
    'openSync',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (isFile(args[0]) && inWholeRead === 0) counts.opens += 1
        return original.apply(this, args)
      },
  )
  syncBuiltinESMExports()
  return {
    get opens() {
      return counts.opens
    },
    get whole() {
      return counts.whole
    },
    stop() {
      for (const undo of restore.splice(0)) undo()
      syncBuiltinESMExports()
    },
  }
}
