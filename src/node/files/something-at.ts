/**
 * Whether a settings file's name is taken: by a file, but also by a folder, a device, a FIFO or a
 * link (a dangling one too). A reader then reads it and reports what is wrong at that name
 * ("is a folder", "is not a plain file", "no such file"), where taking all but a plain file for
 * no file at all silently used the defaults instead: a providers.yaml that is a FIFO made a turn
 * fall back to the demo provider.
 *
 * One lstat, made at once: it never blocks (it neither follows the link nor opens the file), and
 * a command looks up some ten such names before it starts, each a thread-pool round trip when
 * awaited.
 */
import { lstatSync } from 'node:fs'

export function somethingAt(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined
  } catch {
    return true // there, but not even its kind can be read (EACCES on the folder): the read says so
  }
}
