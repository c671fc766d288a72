/**
 * The one default name a person's comments are signed with, for the CLI and the app alike:
 * an explicit setting first (`user.name` in the discussions config, then `$DISCUSSIONS_USER`),
 * else git's `user.name` (the name the person already signs their commits with), else the login
 * name of the OS user. Each surface lets the person override it (`--as`, the app's "Signed as").
 */
import { execFileSync } from 'node:child_process'
import { userInfo } from 'node:os'

export interface UserNameSources {
  env: NodeJS.ProcessEnv
  /** `user.name` from the discussions config, if set. */
  configured?: string | null
  /** Where git looks for its config (a repository's own `user.name` wins over the global one). */
  cwd: string
}

const gitNames = new Map<string, string | null>()

/** git's `user.name` as seen from `cwd`; null when git is missing or the name is unset. */
export function gitUserName(cwd: string, env: NodeJS.ProcessEnv): string | null {
  // Asked once per folder and git config location: signing a comment never waits for git again.
  const key = [cwd, env.HOME, env.GIT_CONFIG_GLOBAL, env.XDG_CONFIG_HOME].join('\0')
  const cached = gitNames.get(key)
  if (cached !== undefined) return cached
  let name: string | null
  try {
    name =
      execFileSync('git', ['config', '--get', 'user.name'], {
        cwd,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 3000,
      }).trim() || null
  } catch {
    name = null // no git, or no name configured
  }
  gitNames.set(key, name)
  return name
}

function osUserName(): string | null {
  try {
    return userInfo().username.trim() || null
  } catch {
    return null
  }
}

export function defaultUserName({ env, configured, cwd }: UserNameSources): string {
  const explicit = configured?.trim() || env.DISCUSSIONS_USER?.trim()
  const name = explicit || gitUserName(cwd, env) || osUserName() || 'Human'
  return name.replace(/\s+/g, ' ').trim() // a name is one line, whatever a config holds
}
