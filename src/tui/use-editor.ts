import { useStdout } from 'ink'
import { useCallback } from 'react'

import { runEditor } from './terminal.js'

/**
 * Runs `$VISUAL`/`$EDITOR` on a file with Ink suspended, and has Ink draw its whole frame again
 * afterwards (its own `write` redraws the last frame after what it writes); returns an error
 * message, or null.
 */
export function useEditor(env: NodeJS.ProcessEnv): (file: string) => string | null {
  const { write } = useStdout()
  return useCallback((file: string) => runEditor(file, env, write), [env, write])
}
