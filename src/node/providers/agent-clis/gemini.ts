/**
 * Google's Gemini CLI (`gemini`, tested with 0.61.0). Spoken to as
 * `gemini --output-format stream-json --skip-trust`, the prompt on stdin: JSON lines, an assistant
 * `message` per streamed piece (`delta: true`), and a closing `result` with the usage (`stats`)
 * or the error. It reports no cost: that comes from `prices`.
 *
 * Settings: a home of its own for the call (`GEMINI_CLI_HOME` in the scratch folder), whose
 * settings.json holds the user's login method and default model, read from their own, and
 * `tools.core: []` (no tool), no MCP server, no extension, telemetry and update checks off. Their
 * login files are linked in. Its chat history goes to that home and is removed with it. (Its
 * system settings file would win over the user's, but it only reads one owned by root.)
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

import type { AgentCli, AgentFailure, EventParser } from './agent-cli.js'
import {
  isObject,
  numberOr,
  optionValue,
  retrySeconds,
  stringOr,
  withoutOption,
} from './agent-cli.js'
import { linkOwnFile, readOwnSettings, writeSettings } from './own-settings.js'

const SUBCOMMANDS = new Set([
  'mcp',
  'extensions',
  'extension',
  'skills',
  'skill',
  'hooks',
  'hook',
  'gemma',
])

const STRUCTURED = ['--output-format', 'stream-json', '--skip-trust']

/** The files that hold a Gemini login (OAuth tokens, the account, the encrypted token store). */
const LOGIN_FILES = ['oauth_creds.json', 'google_accounts.json', 'gemini-credentials.json']

const AUTH =
  /api key not valid|API_KEY_INVALID|\b40[13]\b|PERMISSION_DENIED|UNAUTHENTICATED|auth method|log ?in|GEMINI_API_KEY/i

function classify(text: string): AgentFailure {
  const detail = text.length > 200 ? `${text.slice(0, 197)}...` : text
  if (AUTH.test(text)) return { kind: 'auth', detail }
  if (/\b429\b|quota|RESOURCE_EXHAUSTED|rate limit/i.test(text))
    return { kind: 'rate', retryAfterSeconds: retrySeconds(text), detail }
  if (/not found|NOT_FOUND|ModelNotFound|unknown model/i.test(text))
    return { kind: 'model', detail }
  return { kind: 'other', detail }
}

/** `[API Error: {"error":{...,"message":"..."}}]`: the API's own message, else the text. */
function apiMessage(text: string): string {
  const json = /\{.*\}/s.exec(text)
  if (json) {
    try {
      const value: unknown = JSON.parse(json[0])
      if (isObject(value) && isObject(value.error) && typeof value.error.message === 'string')
        return value.error.message
    } catch {
      // not JSON after all
    }
  }
  return text.replace(/^\[API Error: /, '').replace(/\]$/, '')
}

function parser(): EventParser {
  let text = ''
  let model: string | null = null
  let inputTokens: number | null = null
  let outputTokens: number | null = null
  let failure: AgentFailure | null = null
  return {
    event(event) {
      switch (event.type) {
        case 'init':
          model = stringOr(event.model, model)
          return { delta: '', known: true }
        case 'message': {
          if (event.role !== 'assistant' || typeof event.content !== 'string')
            return { delta: '', known: true }
          text += event.content
          return { delta: event.content, known: true }
        }
        case 'tool_use':
        case 'tool_result':
        case 'error':
          return { delta: '', known: true }
        case 'result': {
          if (event.status !== 'success') {
            const error = isObject(event.error) ? event.error : {}
            failure ??= classify(apiMessage(stringOr(error.message, 'failed') ?? 'failed'))
            return { delta: '', known: true }
          }
          const stats = isObject(event.stats) ? event.stats : {}
          inputTokens = numberOr(stats.input_tokens, null)
          outputTokens = numberOr(stats.output_tokens, null)
          const models = isObject(stats.models) ? Object.keys(stats.models) : []
          if (models.length === 1) model = models[0] ?? model
          return { delta: '', known: true }
        }
        default:
          return { delta: '', known: false }
      }
    },
    stderrLine(line) {
      // `Attempt 1 failed: ... Please retry in 37s. ... Retrying after 41452ms...`: it waits out a
      // rate limit ten times over, minutes that a persona's turn has not got.
      const attempt = /Attempt \d+ failed: (.*)/.exec(line)
      if (!attempt?.[1]) return null
      const reason = classify(attempt[1])
      return reason.kind === 'rate' ? reason : null
    },
    summary: () => ({ text, inputTokens, outputTokens, costUsd: null, model, failure }),
  }
}

/** Where the user's own gemini keeps its settings and login. */
function ownGeminiDir(env: NodeJS.ProcessEnv): string | null {
  const home = env.GEMINI_CLI_HOME || env.HOME
  return home ? join(home, '.gemini') : null
}

/** The login method: the user's own choice, else what their variables say. */
function authOf(own: Record<string, unknown>, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const security = isObject(own.security) ? own.security : {}
  const auth = isObject(security.auth) ? { ...security.auth } : {}
  const legacy = stringOr(own.selectedAuthType, null)
  if (typeof auth.selectedType !== 'string') {
    if (legacy) auth.selectedType = legacy
    else if (env.GOOGLE_GENAI_USE_VERTEXAI === 'true') auth.selectedType = 'vertex-ai'
    else if (env.GEMINI_API_KEY) auth.selectedType = 'gemini-api-key'
  }
  return auth
}

export const gemini: AgentCli = {
  name: 'gemini',
  tested: '0.61.0',
  update: 'npm install -g @google/gemini-cli',
  login: 'run gemini once and log in, or set GEMINI_API_KEY',
  ownVariable: (name) =>
    (name.startsWith('GEMINI_') || name.startsWith('GOOGLE_')) && name !== 'GEMINI_CLI_HOME',

  structured(argv) {
    const args = argv.slice(1)
    if (args[0] !== undefined && SUBCOMMANDS.has(args[0])) return null
    const own = withoutOption(args, ['-o', '--output-format']).filter(
      (arg) => !STRUCTURED.includes(arg),
    )
    return [argv[0] ?? 'gemini', ...STRUCTURED, ...own]
  },

  requestedModel: (argv) => optionValue(argv.slice(1), ['-m', '--model']),

  prepare(scratch, env) {
    const home = join(scratch, 'gemini-home')
    const ownDir = ownGeminiDir(env)
    const own = ownDir ? readOwnSettings(join(ownDir, 'settings.json')) : {}
    const model = isObject(own.model) && typeof own.model.name === 'string' ? own.model.name : null
    writeSettings(join(home, '.gemini', 'settings.json'), {
      security: { auth: authOf(own, env) },
      ...(model ? { model: { name: model } } : {}),
      tools: { core: [] },
      mcpServers: {},
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      ide: { enabled: false },
    })
    if (ownDir) for (const file of LOGIN_FILES) linkOwnFile(ownDir, join(home, '.gemini'), file)
    const tmp = join(scratch, 'tmp')
    mkdirSync(tmp, { recursive: true, mode: 0o700 })
    return {
      GEMINI_CLI_HOME: home,
      // Its error reports go to the temp folder: the scratch folder's, removed with it.
      TMPDIR: tmp,
      NO_BROWSER: 'true',
    }
  },

  parser,
}
