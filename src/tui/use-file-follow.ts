import { watch } from 'node:fs'
import { basename, dirname } from 'node:path'
import { useEffect } from 'react'

/**
 * Calls `onChange` shortly after the file (or, with `folder`, anything in the folder) changes on
 * disk, from this program or another, so the screen follows it without a key press. The folder is
 * watched rather than the file, because a rewrite replaces the file by renaming a new one over
 * it. Bursts of writes call it once.
 */
export function useFileFollow(
  target: { file: string } | { folder: string } | null,
  onChange: () => void,
): void {
  const folder = target === null ? null : 'file' in target ? dirname(target.file) : target.folder
  const name = target !== null && 'file' in target ? basename(target.file) : null
  useEffect(() => {
    if (folder === null) return
    let timer: NodeJS.Timeout | null = null
    let watcher: ReturnType<typeof watch> | null = null
    try {
      watcher = watch(folder, (_event, changed) => {
        if (name !== null && changed !== null && changed !== name) return
        if (timer) clearTimeout(timer)
        timer = setTimeout(onChange, 120)
      })
      watcher.on('error', () => undefined)
    } catch {
      return // a folder that vanished is simply not followed
    }
    return () => {
      if (timer) clearTimeout(timer)
      watcher?.close()
    }
  }, [folder, name, onChange])
}
