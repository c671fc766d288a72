/**
 * opencode (`opencode`, tested with 1.18.33). Spoken to as `opencode run --format json`, the
 * prompt on stdin: JSON lines, a `text` event per finished piece of the answer (it does not
 * stream smaller pieces), and a `step_finish` with the tokens and the cost its model config gives.
 *
 * Settings: a config folder of its own for the call (`XDG_CONFIG_HOME` in the scratch folder)
 * whose opencode.json holds the user's providers and default model, read from their own config,
 * with every tool off (`tools: {"*": false}`, `permission: {"*": "deny"}`), no MCP server and no
 * plugin (`--pure`); no project config (`OPENCODE_DISABLE_PROJECT_CONFIG`: an opencode.json in a
 * folder above the scratch folder is not the user's). Their login (auth.json) stays where it is.
 * History off: its sessions go to an in-memory database (`OPENCODE_DB=:memory:`).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

import type { AgentCli, AgentFailure, EventParser, JsonObject } from './agent-cli.js'
import {
  firstPositional,
  hasOption,
  isObject,
  numberOr,
  optionValue,
  retrySeconds,
  stringOr,
  withoutOption,
} from './agent-cli.js'
import { readOwnSettings, writeSettings } from './own-settings.js'

const GLOBAL_VALUED = ['--log-level']

/** The parts of the user's config carried into the call's: where models come from, which one. */
const CARRIED = ['provider', 'model', 'small_model', 'enabled_providers', 'disabled_providers']

/** Its variables that configure rather than log in: the call's own config decides those. */
const NOT_PASSED = new Set([
  'OPENCODE_CONFIG',
  'OPENCODE_CONFIG_DIR',
  'OPENCODE_CONFIG_CONTENT',
  'OPENCODE_PERMISSION',
  'OPENCODE_DB',
  'OPENCODE_TUI_CONFIG',
  'OPENCODE_PURE',
])

const AUTH = /\b40[13]\b|api key|unauthori[sz]ed|ProviderAuthError|authentication|log ?in/i

function classify(text: string, status: number | null): AgentFailure {
  const detail = text.length > 200 ? `${text.slice(0, 197)}...` : text
  if (status === 401 || status === 403 || AUTH.test(text)) return { kind: 'auth', detail }
  if (status === 429 || /rate limit|too many requests/i.test(text))
    return { kind: 'rate', retryAfterSeconds: retrySeconds(text), detail }
  if (status === 404 || /model not found|ModelNotFound|does not exist/i.test(text))
    return { kind: 'model', detail }
  return { kind: 'other', detail }
}

function errorFailure(event: JsonObject): AgentFailure {
  const error = isObject(event.error) ? event.error : {}
  const data = isObject(error.data) ? error.data : {}
  const message = stringOr(data.message, null) ?? stringOr(error.name, 'failed') ?? 'failed'
  const status = numberOr(data.statusCode, null)
  const failure = classify(message, status)
  const headers = isObject(data.responseHeaders) ? data.responseHeaders : {}
  const retryAfter = Number(stringOr(headers['retry-after'], ''))
  if (failure.kind === 'rate' && failure.retryAfterSeconds === null && retryAfter > 0)
    return { ...failure, retryAfterSeconds: Math.ceil(retryAfter) }
  return failure
}

function parser(): EventParser {
  let text = ''
  let inputTokens: number | null = null
  let outputTokens: number | null = null
  let cost = 0
  let failure: AgentFailure | null = null
  return {
    event(event) {
      const part = isObject(event.part) ? event.part : {}
      switch (event.type) {
        case 'step_start':
        case 'tool_use':
        case 'reasoning':
          return { delta: '', known: true }
        case 'text': {
          if (typeof part.text !== 'string') return { delta: '', known: true }
          const delta = text === '' ? part.text : `\n\n${part.text}`
          text += delta
          return { delta, known: true }
        }
        case 'step_finish': {
          const tokens = isObject(part.tokens) ? part.tokens : {}
          const cache = isObject(tokens.cache) ? tokens.cache : {}
          const input = numberOr(tokens.input, null)
          if (input !== null)
            inputTokens =
              (inputTokens ?? 0) +
              input +
              (numberOr(cache.read, 0) ?? 0) +
              (numberOr(cache.write, 0) ?? 0)
          const output = numberOr(tokens.output, null)
          if (output !== null)
            outputTokens = (outputTokens ?? 0) + output + (numberOr(tokens.reasoning, 0) ?? 0)
          cost += numberOr(part.cost, 0) ?? 0
          return { delta: '', known: true }
        }
        case 'error':
          failure ??= errorFailure(event)
          return { delta: '', known: true }
        default:
          return { delta: '', known: false }
      }
    },
    stderrLine(line) {
      // With --print-logs at ERROR, the reason an `error` event only calls "Unexpected server error".
      const error = /error="([^"]+)"/.exec(line)
      if (!error?.[1]) return null
      const reason = classify(error[1].replace(/^\w+Error: /, ''), null)
      return reason.kind === 'other' ? null : reason
    },
    summary: () => ({
      text,
      inputTokens,
      outputTokens,
      // 0 is what it reports for a model whose config has no cost: unknown, not free.
      costUsd: cost > 0 ? cost : null,
      model: null,
      failure,
    }),
  }
}

/** `{file:./key.txt}` in a config means next to that config: made absolute for the call's copy. */
function anchorFiles(value: unknown, dir: string): unknown {
  if (typeof value === 'string')
    return value.replace(
      /\{file:(?![/~])([^}]+)\}/g,
      (_match, path: string) => `{file:${join(dir, path)}}`,
    )
  if (Array.isArray(value)) return value.map((item) => anchorFiles(item, dir))
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, anchorFiles(item, dir)]),
    )
  return value
}

/** The user's providers and model, from their global config files in the order opencode reads them. */
function carriedConfig(env: NodeJS.ProcessEnv): JsonObject {
  const configHome = env.XDG_CONFIG_HOME || (env.HOME ? join(env.HOME, '.config') : null)
  if (!configHome) return {}
  const dir = join(configHome, 'opencode')
  const carried: JsonObject = {}
  for (const file of ['config.json', 'opencode.json', 'opencode.jsonc']) {
    const own = readOwnSettings(join(dir, file))
    for (const key of CARRIED) {
      if (!(key in own)) continue
      const value = anchorFiles(own[key], dir)
      const before = carried[key]
      carried[key] = isObject(before) && isObject(value) ? { ...before, ...value } : value
    }
  }
  return carried
}

export const opencode: AgentCli = {
  name: 'opencode',
  tested: '1.18.33',
  update: 'npm install -g opencode-ai, or opencode upgrade',
  login: "run opencode auth login, or set the provider's key variable and name it in api_key_env",
  ownVariable: (name) => name.startsWith('OPENCODE_') && !NOT_PASSED.has(name),

  structured(argv) {
    const args = argv.slice(1)
    const command = firstPositional(args, GLOBAL_VALUED)
    if (command && command.value !== 'run') return null
    const at = command ? command.index + 1 : args.length
    const before = command ? args.slice(0, at) : [...args, 'run']
    const after = withoutOption(args.slice(at), ['--format']).filter(
      (arg) => arg !== '--pure' && arg !== '--print-logs',
    )
    const logLevel = hasOption(after, ['--log-level']) ? [] : ['--log-level', 'ERROR']
    const title = hasOption(after, ['--title']) ? [] : ['--title', 'discussions']
    return [
      argv[0] ?? 'opencode',
      ...before,
      '--format',
      'json',
      '--pure',
      '--print-logs',
      ...logLevel,
      ...title,
      ...after,
    ]
  },

  requestedModel: (argv) => optionValue(argv.slice(1), ['-m', '--model']),

  prepare(scratch, env) {
    const configHome = join(scratch, 'opencode-config')
    writeSettings(join(configHome, 'opencode', 'opencode.json'), {
      $schema: 'https://opencode.ai/config.json',
      ...carriedConfig(env),
      autoupdate: false,
      share: 'disabled',
      tools: { '*': false },
      permission: { '*': 'deny' },
      mcp: {},
      plugin: [],
    })
    const tmp = join(scratch, 'tmp')
    mkdirSync(tmp, { recursive: true, mode: 0o700 })
    return {
      XDG_CONFIG_HOME: configHome,
      TMPDIR: tmp,
      OPENCODE_DB: ':memory:',
      OPENCODE_DISABLE_PROJECT_CONFIG: 'true',
      OPENCODE_DISABLE_AUTOUPDATE: 'true',
      OPENCODE_DISABLE_MODELS_FETCH: 'true',
      OPENCODE_DISABLE_SHARE: 'true',
      OPENCODE_DISABLE_LSP_DOWNLOAD: 'true',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: 'true',
      OPENCODE_DISABLE_CLAUDE_CODE: 'true',
      OPENCODE_DISABLE_EXTERNAL_SKILLS: 'true',
    }
  },

  parser,
}
