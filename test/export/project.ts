/**
 * A project as a person has one: a git repository with a `discussions/` folder, its own config
 * and state folders (so no setting of the machine applies), and the `discussions` bin to run in it.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { runDiscussions } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

export interface Project {
  root: string
  env: NodeJS.ProcessEnv
  /** Runs the real bin in the project's root. */
  run: (...args: string[]) => Promise<CliRun>
  /** Runs git in the project, committing as `author` when given. */
  git: (args: string[], author?: string) => string
  write: (path: string, text: string) => Promise<string>
}

/**
 * A new project holding `files`. `warm`: a project whose config and state folders (the caches
 * a first run fills) this one shares, so a journey's second run is a warm one.
 */
export async function project(
  files: Record<string, string> = {},
  warm?: Project,
): Promise<Project> {
  const root = await tempFolder('export-')
  const home = warm?.env.DISCUSSIONS_STATE_DIR ? join(warm.env.DISCUSSIONS_STATE_DIR, '..') : root
  const env: NodeJS.ProcessEnv = {
    DISCUSSIONS_CONFIG_DIR: join(home, '.config'),
    DISCUSSIONS_STATE_DIR: join(home, '.state'),
    DISCUSSIONS_USER: 'Rob',
    GIT_CONFIG_GLOBAL: join(home, '.gitconfig'),
    GIT_CONFIG_NOSYSTEM: '1',
  }
  const git = (args: string[], author?: string): string =>
    execFileSync('git', args, {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        ...(author
          ? {
              GIT_AUTHOR_NAME: author,
              GIT_AUTHOR_EMAIL: `${author.toLowerCase()}@example.com`,
              GIT_COMMITTER_NAME: author,
              GIT_COMMITTER_EMAIL: `${author.toLowerCase()}@example.com`,
            }
          : {}),
      },
      encoding: 'utf8',
    })
  git(['init', '-q', '-b', 'main'])
  await writeFile(join(root, '.gitignore'), '.config/\n.state/\n.gitconfig\n')
  const write = async (path: string, text: string): Promise<string> => {
    const file = join(root, path)
    await mkdir(join(file, '..'), { recursive: true })
    await writeFile(file, text)
    return file
  }
  for (const [path, text] of Object.entries(files)) await write(path, text)
  return {
    root,
    env,
    run: (...args) => runDiscussions(args, { cwd: root, env }),
    git,
    write,
  }
}
