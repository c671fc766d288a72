/**
 * The PATH a desktop launch lacks: an app started from the Dock, Finder or some Linux launchers
 * gets a bare system PATH, not the one the user's shell sets up in its rc files, so `claude` or
 * `ollama` found in a terminal would be "not installed" in the app. This asks the user's login
 * shell for its PATH once (with a timeout, since rc files can do anything) and puts it first.
 */
import { execFile } from 'node:child_process'
import { delimiter as pathDelimiter } from 'node:path'
import { HOST_PLATFORM } from '../host.js'

const MARK = '__DISCUSSIONS_PATH__'

export interface ShellPathOptions {
  /** Default: `$SHELL`, else /bin/sh. */
  shell?: string
  /** Default 3 s: a slow rc file must not hold the window back for long. */
  timeoutMs?: number
  platform?: NodeJS.Platform
}

/** The PATH the user's interactive login shell sets; null when it cannot be learned in time. */
export function loginShellPath(
  env: NodeJS.ProcessEnv,
  options: ShellPathOptions = {},
): Promise<string | null> {
  const shell = options.shell ?? env.SHELL ?? '/bin/sh'
  // The markers keep whatever the rc files print (greetings, warnings) out of the answer.
  const script = `printf '%s%s%s' '${MARK}' "$PATH" '${MARK}'`
  return new Promise((resolve) => {
    const child = execFile(
      shell,
      ['-ilc', script],
      {
        env: { ...env, DISABLE_AUTO_UPDATE: 'true' },
        timeout: options.timeoutMs ?? 3000,
        killSignal: 'SIGKILL',
        maxBuffer: 1024 * 1024,
      },
      (error, stdout) => {
        const found = new RegExp(`${MARK}(.*?)${MARK}`, 's').exec(String(stdout))?.[1]
        resolve(error && !found ? null : found?.trim() || null)
      },
    )
    child.stdin?.end()
  })
}

/** The shell's entries first, then the ones only the current PATH has; no duplicates. */
export function mergePaths(
  shellPath: string | null,
  current: string | undefined,
  delimiter: string = pathDelimiter,
): string {
  const parts = [...(shellPath ?? '').split(delimiter), ...(current ?? '').split(delimiter)]
  return [...new Set(parts.filter((part) => part !== ''))].join(delimiter)
}

/** `env` with the login shell's PATH merged in; unchanged on Windows or when the shell fails. */
export async function withShellPath(
  env: NodeJS.ProcessEnv,
  options: ShellPathOptions = {},
): Promise<NodeJS.ProcessEnv> {
  if ((options.platform ?? HOST_PLATFORM) === 'win32') return env
  const shellPath = await loginShellPath(env, options)
  return shellPath ? { ...env, PATH: mergePaths(shellPath, env.PATH) } : env
}
