/**
 * A person's machine for the real-CLI tests: a home whose own settings for each CLI would turn
 * tools and MCP servers on (and must stay untouched), a discussions config naming one provider
 * per CLI, four personas (one per CLI), and a discussion. Everything runs inside the loopback
 * namespace, against its stand-ins.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'

import { stringify } from 'yaml'

import { API_KEY, linkInstalledClis } from '../support/agent-clis/index.js'
import type { InstalledClis, LoopbackNamespace, RunResult } from '../support/agent-clis/index.js'
import { BIN } from '../support/run-cli.js'

/** Persona alias -> the provider it hints, one per CLI. */
export const PERSONAS = {
  claudia: 'claude-agent',
  cody: 'codex-agent',
  gemma: 'gemini-agent',
  otto: 'opencode-agent',
} as const

export interface Models {
  claude: string
  codex: string
  gemini: string
  opencode: string
}

export const WORKING_MODELS: Models = {
  claude: 'sonnet',
  codex: 'gpt-5-standin',
  gemini: 'gemini-2.5-flash',
  opencode: 'chat-standin',
}

/** One model for all four: `no-such-model`, `rate-limited`. */
export const allModels = (model: string): Models => ({
  claude: model,
  codex: model,
  gemini: model,
  opencode: model,
})

/** The providers.yaml a person would write: the seed's short command forms, and prices. */
function providersYaml(url: string, models: Models): string {
  const codexProvider = `model_providers.standin={ name = "Stand-in", base_url = "${url}/v1", wire_api = "responses", env_key = "OPENAI_API_KEY" }`
  return stringify({
    providers: [
      {
        name: 'claude-agent',
        command: `claude -p --model ${models.claude}`,
        // claude reports its own cost, which wins over these.
        prices: { input_per_mtok: 100, output_per_mtok: 100 },
      },
      {
        name: 'codex-agent',
        command: [
          'codex',
          'exec',
          '-m',
          models.codex,
          '-c',
          'model_provider="standin"',
          '-c',
          codexProvider,
          '-',
        ],
        prices: { input_per_mtok: 1.25, output_per_mtok: 10 },
      },
      {
        name: 'gemini-agent',
        command: `gemini -m ${models.gemini}`,
        prices: { input_per_mtok: 0.3, output_per_mtok: 2.5 },
      },
      {
        name: 'opencode-agent',
        command: `opencode run -m standin/${models.opencode}`,
        api_key_env: 'STANDIN_KEY',
        // Where opencode looks for its plugin package: the stand-in registry, which has nothing.
        env: ['npm_config_registry'],
        // opencode reports the cost its model config gives, which wins over these.
        prices: { input_per_mtok: 100, output_per_mtok: 100 },
      },
    ],
    default: 'claude-agent',
  })
}

function persona(alias: string, provider: string): string {
  return stringify({
    name: `AI-${alias[0]?.toUpperCase()}${alias.slice(1)}`,
    alias,
    role: `Reviewer on ${provider}`,
    personality: 'You review proposals briefly.',
    type: 'voting',
    provider_hint: provider,
  })
}

/** The user's own settings for each CLI: every one of them would give its CLI tools. */
function ownSettings(home: string, url: string): Record<string, string> {
  const mcp = (cli: string) => ({
    command: 'sh',
    args: ['-c', `touch ${join(home, `${cli}-mcp-server-started`)}`],
  })
  return {
    '.claude.json': JSON.stringify({ mcpServers: { evil: { type: 'stdio', ...mcp('claude') } } }),
    '.codex/config.toml': [
      'model = "gpt-5.5"',
      '[mcp_servers.evil]',
      'command = "sh"',
      `args = ["-c", "touch ${join(home, 'codex-mcp-server-started')}"]`,
      '',
    ].join('\n'),
    '.gemini/settings.json': JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      tools: { core: ['run_shell_command', 'write_file'] },
      mcpServers: { evil: mcp('gemini') },
    }),
    '.config/opencode/opencode.json': JSON.stringify({
      // A comment-free JSONC file; the provider is what a person points opencode at.
      provider: {
        standin: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Stand-in',
          options: { baseURL: `${url}/v1`, apiKey: '{env:STANDIN_KEY}' },
          models: {
            'chat-standin': { name: 'Chat stand-in', cost: { input: 2, output: 8 } },
            'no-such-model': { name: 'Missing' },
            'rate-limited': { name: 'Busy' },
          },
        },
      },
      tools: { '*': true, bash: true },
      agent: { build: { tools: { bash: true, write: true } } },
      mcp: {
        evil: {
          type: 'local',
          command: ['sh', '-c', `touch ${join(home, 'opencode-mcp-server-started')}`],
        },
      },
    }),
  }
}

export interface AgentWorkspace {
  root: string
  home: string
  file: string
  clis: InstalledClis
  env: Record<string, string>
  /** The user's settings files, as they were written. */
  settings: Record<string, string>
  useModels(models: Models): Promise<void>
  /** Runs the real `discussions` bin inside the namespace. */
  discussions(
    args: string[],
    options?: { env?: Record<string, string>; terminal?: boolean },
  ): Promise<RunResult>
  /** Every file under the home, relative to it. */
  homeFiles(): Promise<string[]>
  /** Removes it all (it lives for a whole file of tests, not one). */
  remove(): Promise<void>
}

export async function agentWorkspace(space: LoopbackNamespace): Promise<AgentWorkspace> {
  const root = await mkdtemp(join(tmpdir(), 'discussions-agents-'))
  const home = join(root, 'home')
  const project = join(root, 'project')
  const config = join(root, 'discussions-config')
  const clis = await linkInstalledClis(root)
  const settings = ownSettings(home, space.url)
  for (const [path, text] of Object.entries(settings)) {
    await mkdir(dirname(join(home, path)), { recursive: true })
    await writeFile(join(home, path), text)
  }
  await mkdir(join(project, '.git'), { recursive: true })
  await mkdir(join(project, '.discussions', 'personas'), { recursive: true })
  for (const [alias, provider] of Object.entries(PERSONAS))
    await writeFile(
      join(project, '.discussions', 'personas', `${alias}.yaml`),
      persona(alias, provider),
    )
  await mkdir(config, { recursive: true })
  const useModels = (models: Models) =>
    writeFile(join(config, 'providers.yaml'), providersYaml(space.url, models))
  await useModels(WORKING_MODELS)
  const env = {
    PATH: `${clis.bin}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    LANG: 'C.UTF-8',
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, 'state'),
    DISCUSSIONS_USER: 'Rob',
    // Each CLI's own variables, as a person who points them at an endpoint sets them.
    ANTHROPIC_BASE_URL: space.url,
    ANTHROPIC_API_KEY: API_KEY,
    OPENAI_API_KEY: API_KEY,
    GEMINI_API_KEY: API_KEY,
    GOOGLE_GEMINI_BASE_URL: space.url,
    STANDIN_KEY: API_KEY,
    npm_config_registry: `${space.url}/npm/`,
  }
  const discussions: AgentWorkspace['discussions'] = (args, options = {}) => {
    const command = [process.execPath, BIN, ...args]
    const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`
    return space.run({
      // In a terminal, through util-linux's `script`, the live lines are what a person sees.
      argv: options.terminal
        ? [
            'script',
            '-qec',
            `stty rows 40 cols 160; exec ${command.map(quote).join(' ')}`,
            '/dev/null',
          ]
        : command,
      env: { ...env, ...(options.terminal ? { TERM: 'xterm-256color' } : {}), ...options.env },
      cwd: project,
    })
  }
  const created = await discussions([
    'new',
    'Ship the cache',
    '--participants',
    Object.keys(PERSONAS).join(','),
  ])
  if (created.code !== 0) throw new Error(`discussions new failed: ${created.stderr}`)
  const file = join(project, 'discussions', 'ship-the-cache.md')
  async function homeFiles(): Promise<string[]> {
    const entries = await readdir(home, { recursive: true, withFileTypes: true })
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(home, join(entry.parentPath, entry.name)))
      .sort()
  }
  const remove = () => rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
  return { root, home, file, clis, env, settings, useModels, discussions, homeFiles, remove }
}

export const readText = (path: string) => readFile(path, 'utf8')
