import { useStdout } from 'ink'
import { useEffect, useState } from 'react'

/** The terminal's columns and rows, following resizes. */
export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout()
  const read = (): { columns: number; rows: number } => ({
    columns: stdout.columns || 80,
    rows: stdout.rows || 24,
  })
  const [size, setSize] = useState(read)
  useEffect(() => {
    const onResize = (): void => setSize(read())
    stdout.on('resize', onResize)
    return () => {
      stdout.off('resize', onResize)
    }
  })
  return size
}
