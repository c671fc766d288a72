#!/usr/bin/env node
// Installs the AI command-line tools the real-CLI tests run (claude, codex, gemini, opencode and
// an older claude), pinned by test/support/agent-clis/clis/package-lock.json, into a cache folder
// outside the project's own dependencies: ~/.cache/discussions-agent-clis/<hash of the pins>
// (XDG_CACHE_HOME is honoured; DISCUSSIONS_AGENT_CLIS names another folder). A folder that holds
// a finished install of the same pins is reused as it is; an unfinished one is never used. Install
// scripts are not run: the packages work without them, and they fetch from hosts other than the
// registry. Prints the folder and how long the install took.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const ROOT = join(import.meta.dirname, '..')
const PINS = join(ROOT, 'test', 'support', 'agent-clis', 'clis')
const MANIFESTS = ['package.json', 'package-lock.json']
/** The mark of a finished install, written last. */
const DONE = '.installed.json'
/** Installs of other pins are removed once unused this long. */
const STALE_MS = 30 * 24 * 3600 * 1000

/**
 * The programs the tests start, relative to the install folder. claude's and opencode's own bins
 * are stubs their install scripts replace; their platform packages hold the programs themselves.
 */
const PLATFORM = `${process.platform}-${process.arch}`
export const AGENT_CLI_BINS = {
  claude: `node_modules/@anthropic-ai/claude-code-${PLATFORM}/claude`,
  codex: 'node_modules/@openai/codex/bin/codex.js',
  gemini: 'node_modules/@google/gemini-cli/bundle/gemini.js',
  opencode: `node_modules/opencode-${PLATFORM}/bin/opencode`,
  'claude-1.0': 'node_modules/claude-code-1-0/cli.js',
}

/** Where the pinned CLIs are (or will be) installed on this machine. */
export function agentClisFolder(env = process.env) {
  if (env.DISCUSSIONS_AGENT_CLIS) return env.DISCUSSIONS_AGENT_CLIS
  const hash = createHash('sha256')
  for (const name of MANIFESTS) hash.update(readFileSync(join(PINS, name)))
  hash.update(PLATFORM)
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(cache, 'discussions-agent-clis', hash.digest('hex').slice(0, 16))
}

/** The installed versions when the folder holds a finished install, else null. */
export function installedAgentClis(folder = agentClisFolder()) {
  try {
    const done = JSON.parse(readFileSync(join(folder, DONE), 'utf8'))
    const complete = Object.values(AGENT_CLI_BINS).every((bin) => existsSync(join(folder, bin)))
    return complete ? done.versions : null
  } catch {
    return null
  }
}

function versionsIn(folder) {
  const lock = JSON.parse(readFileSync(join(folder, 'package-lock.json'), 'utf8'))
  const root = lock.packages?.['']?.dependencies ?? {}
  return Object.fromEntries(
    Object.keys(root).map((name) => [name, lock.packages[`node_modules/${name}`]?.version]),
  )
}

function pruneStale(folder) {
  const parent = join(folder, '..')
  for (const name of readdirSync(parent)) {
    const other = join(parent, name)
    if (other === folder) continue
    try {
      if (Date.now() - statSync(other).mtimeMs > STALE_MS)
        rmSync(other, { recursive: true, force: true })
    } catch {
      // another run is busy with it
    }
  }
}

/**
 * claude 1.0 runs on Node 22 (it crashes on 25 and newer), so the Node 22 the tests start it with
 * is brought here, with the network, rather than in the tests.
 */
function bringNode22() {
  const brought = spawnSync(join(ROOT, 'scripts', 'bring-node.sh'), ['22'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
  if (brought.status !== 0) {
    console.error('agent CLIs: could not bring Node 22 for claude 1.0 (see above)')
    process.exit(1)
  }
  console.log(`agent CLIs: Node 22 for claude 1.0 in ${brought.stdout.trim()}`)
}

function install() {
  bringNode22()
  const folder = agentClisFolder()
  const started = Date.now()
  if (installedAgentClis(folder)) {
    // Touched, so it is not pruned as stale by an install of other pins.
    writeFileSync(join(folder, DONE), readFileSync(join(folder, DONE)))
    console.log(`agent CLIs: reused ${folder}`)
    return
  }
  const partial = `${folder}.partial-${process.pid}`
  rmSync(partial, { recursive: true, force: true })
  mkdirSync(partial, { recursive: true })
  for (const name of MANIFESTS) copyFileSync(join(PINS, name), join(partial, name))
  const npm = spawnSync(
    'npm',
    [
      // Not `npm ci`: npm 11 drops other platforms' optional packages from a lock file and
      // then refuses it; `install --no-save` keeps to the locked versions all the same.
      'install',
      '--no-save',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    {
      cwd: partial,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    },
  )
  if (npm.status !== 0) {
    rmSync(partial, { recursive: true, force: true })
    console.error('agent CLIs: npm ci failed (see above)')
    process.exit(1)
  }
  const versions = versionsIn(partial)
  writeFileSync(join(partial, DONE), `${JSON.stringify({ versions }, null, 2)}\n`)
  rmSync(folder, { recursive: true, force: true })
  renameSync(partial, folder)
  pruneStale(folder)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `agent CLIs: installed ${Object.entries(versions)
      .map(([name, version]) => `${name}@${version}`)
      .join(', ')}`,
  )
  console.log(`agent CLIs: in ${folder}, ${seconds} s`)
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) install()
