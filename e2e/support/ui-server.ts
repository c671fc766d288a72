/**
 * Starts the real `discussions ui --web --port 0 FOLDER` in a child process, as a person would,
 * and reads the URL it prints. The folder is a temporary copy of the example discussions.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ROOT = join(import.meta.dirname, '..', '..')
const BIN = join(ROOT, 'bin', 'discussions.cjs')

export interface RunningUi {
  /** The printed URL, `http://127.0.0.1:PORT/#token=...`. */
  url: string
  /** The server's origin, without the token. */
  origin: string
  /** The token from the printed URL's fragment. */
  token: string
  folder: string
  /** Whether the server process still runs. */
  alive: () => boolean
  stop: () => Promise<void>
}

/** A temporary folder holding copies of examples/*.md plus any extra files. */
export async function exampleFolder(
  extra: Record<string, string> = {},
  withExamples = true,
): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'discussions-e2e-'))
  const folder = join(root, 'discussions')
  await mkdir(folder)
  await mkdir(join(root, '.git')) // a project root, so no parent folder's settings apply
  if (withExamples) {
    for (const name of await readdir(join(ROOT, 'examples'))) {
      if (name.endsWith('.md')) await copyFile(join(ROOT, 'examples', name), join(folder, name))
    }
  }
  for (const [name, text] of Object.entries(extra)) await writeFile(join(folder, name), text)
  return folder
}

export async function startUi(folder: string): Promise<RunningUi> {
  const root = join(folder, '..')
  const child: ChildProcess = spawn(process.execPath, [BIN, 'ui', '--web', '--port', '0', folder], {
    cwd: root,
    env: {
      ...process.env,
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
      DISCUSSIONS_USER: 'Rob',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 60_000)
    const read = (chunk: Buffer): void => {
      output += chunk.toString()
      const match = /http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[0])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.on('exit', (code) => reject(new Error(`ui exited (${code}):\n${output}`)))
  })
  return {
    url,
    origin: new URL(url).origin,
    token: new URL(url).hash.replace('#token=', ''),
    folder,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done))
        child.kill('SIGTERM')
        await exited
      }
      await rm(root, { recursive: true, force: true })
    },
  }
}
