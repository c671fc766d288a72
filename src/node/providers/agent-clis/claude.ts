/**
 * Claude Code (`claude`, tested with 2.1.328). Spoken to as
 * `claude -p --output-format stream-json --verbose --include-partial-messages`, the prompt on
 * stdin: `stream_event` lines carry each text delta as the Messages API streams it, and the
 * closing `result` line the usage, `total_cost_usd` and, when it failed, why.
 *
 * Tools off: `--tools=` (no built-in tool) and `--strict-mcp-config` (no MCP server from the
 * user's settings). History off: `--no-session-persistence`. Settings: the user's own, untouched;
 * its update check and other side traffic are switched off by variables.
 */
import type { AgentCli, AgentFailure, EventParser, JsonObject, StreamSummary } from './agent-cli.js'
import {
  hasOption,
  isObject,
  numberOr,
  optionValue,
  retrySeconds,
  stringOr,
  withoutOption,
} from './agent-cli.js'

/** Its commands other than answering a prompt: run as they are, as plain text. */
const SUBCOMMANDS = new Set([
  'agents',
  'attach',
  'auth',
  'auto-mode',
  'config',
  'doctor',
  'gateway',
  'import',
  'install',
  'kill',
  'logs',
  'mcp',
  'migrate-installer',
  'plugin',
  'plugins',
  'purge',
  'respawn',
  'rm',
  'setup-token',
  'stop',
  'ultrareview',
  'update',
  'upgrade',
])

/** What the project adds, in this order, after the user's own arguments. */
const STRUCTURED = [
  '--output-format',
  'stream-json',
  '--verbose',
  '--include-partial-messages',
  '--tools=',
  '--strict-mcp-config',
  '--no-session-persistence',
]

/** Not logged in, a refused key: in its words or by status. */
const AUTH =
  /not logged in|\/login|invalid (x-)?api[ -]?key|authentication|unauthori[sz]ed|oauth token/i

function classify(text: string, status: number | null): AgentFailure {
  const detail = text.length > 200 ? `${text.slice(0, 197)}...` : text
  if (status === 401 || status === 403 || AUTH.test(text)) return { kind: 'auth', detail }
  if (status === 429 || /rate limit|429/i.test(text))
    return { kind: 'rate', retryAfterSeconds: retrySeconds(text), detail }
  if (status === 404 || /selected model|model.*(not exist|not found)|not_found_error/i.test(text))
    return { kind: 'model', detail }
  return { kind: 'other', detail }
}

function parser(): EventParser {
  let streamed = ''
  let finalText: string | null = null
  let assistantText = ''
  let model: string | null = null
  let failure: AgentFailure | null = null
  const summary: Omit<StreamSummary, 'text' | 'model' | 'failure'> = {
    inputTokens: null,
    outputTokens: null,
    costUsd: null,
  }

  function streamEvent(event: JsonObject): string {
    // A subagent's stream has a parent tool call; only the main answer is the persona's.
    if (event.parent_tool_use_id) return ''
    const inner = isObject(event.event) ? event.event : {}
    if (inner.type === 'message_start' && isObject(inner.message))
      model = stringOr(inner.message.model, model)
    if (inner.type !== 'content_block_delta' || !isObject(inner.delta)) return ''
    if (inner.delta.type !== 'text_delta' || typeof inner.delta.text !== 'string') return ''
    streamed += inner.delta.text
    return inner.delta.text
  }

  function result(event: JsonObject): void {
    if (event.is_error === true) {
      const said = stringOr(event.result, null) ?? stringOr(event.subtype, 'failed') ?? 'failed'
      failure ??= classify(said, numberOr(event.api_error_status, null))
      return
    }
    finalText = stringOr(event.result, finalText)
    const usage = isObject(event.usage) ? event.usage : {}
    const input = numberOr(usage.input_tokens, null)
    if (input !== null) {
      summary.inputTokens =
        input +
        (numberOr(usage.cache_creation_input_tokens, 0) ?? 0) +
        (numberOr(usage.cache_read_input_tokens, 0) ?? 0)
    }
    summary.outputTokens = numberOr(usage.output_tokens, null)
    const cost = numberOr(event.total_cost_usd, null)
    // 0 is what it reports for a model it has no price for: unknown, not free.
    summary.costUsd = cost !== null && cost > 0 ? cost : null
  }

  return {
    event(event) {
      switch (event.type) {
        case 'stream_event':
          return { delta: streamEvent(event), known: true }
        case 'assistant': {
          const message = isObject(event.message) ? event.message : {}
          const said = stringOr(message.model, null)
          if (said && said !== '<synthetic>') model = said
          if (Array.isArray(message.content) && !event.parent_tool_use_id) {
            for (const block of message.content)
              if (isObject(block) && block.type === 'text' && typeof block.text === 'string')
                assistantText = block.text
          }
          return { delta: '', known: true }
        }
        case 'result':
          result(event)
          return { delta: '', known: true }
        case 'system': {
          if (event.subtype === 'init') model ??= stringOr(event.model, null)
          if (event.subtype !== 'api_retry') return { delta: '', known: true }
          // It retries a refused key ten times over minutes, and a rate limit after the wait the
          // API asked for: neither is worth a persona's turn.
          const status = numberOr(event.error_status, null)
          const attempt = numberOr(event.attempt, 1) ?? 1
          const error = stringOr(event.error, '') ?? ''
          if (
            (status === 401 || status === 403 || error === 'authentication_failed') &&
            attempt >= 2
          )
            return {
              delta: '',
              known: true,
              failure: { kind: 'auth', detail: `HTTP ${status ?? 401}` },
            }
          if (status === 429) {
            const delay = numberOr(event.retry_delay_ms, null)
            return {
              delta: '',
              known: true,
              failure: {
                kind: 'rate',
                retryAfterSeconds: delay === null ? null : Math.ceil(delay / 1000),
                detail: 'HTTP 429',
              },
            }
          }
          return { delta: '', known: true }
        }
        case 'user':
        case 'rate_limit_event':
          return { delta: '', known: true }
        default:
          return { delta: '', known: false }
      }
    },
    stderrLine: () => null,
    summary: () => ({
      ...summary,
      text: finalText ?? (streamed || assistantText),
      model,
      failure,
    }),
  }
}

export const claude: AgentCli = {
  name: 'claude',
  tested: '2.1.328',
  update: 'npm install -g @anthropic-ai/claude-code, or claude update',
  login: 'run claude once and log in with /login, or set ANTHROPIC_API_KEY',
  ownVariable: (name) =>
    name.startsWith('ANTHROPIC_') ||
    name === 'CLAUDE_CODE_OAUTH_TOKEN' ||
    name === 'CLAUDE_CONFIG_DIR',

  structured(argv) {
    const args = argv.slice(1)
    if (args[0] !== undefined && SUBCOMMANDS.has(args[0])) return null
    const own = withoutOption(args, ['--output-format', '--input-format']).filter(
      (arg) => !STRUCTURED.includes(arg),
    )
    const print = hasOption(own, ['-p', '--print']) ? [] : ['-p']
    return [argv[0] ?? 'claude', ...print, ...own, ...STRUCTURED]
  },

  requestedModel: (argv) => optionValue(argv.slice(1), ['--model']),

  // Only with --print, which the structured mode always has.
  budgetFlag: '--max-budget-usd',

  prepare: () => ({
    // Its own switches for traffic that is not the answer: telemetry, error reports, update checks.
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  }),

  parser,
}
