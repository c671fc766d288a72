/**
 * OpenAI's Codex CLI (`codex`, tested with 0.169.0). Spoken to as `codex exec --json`, the prompt
 * on stdin: JSON lines, the answer in one `item.completed` (`agent_message`: codex does not stream
 * it in pieces), the usage in `turn.completed`. It reports no cost: that comes from `prices`.
 *
 * Tools off: its feature switches turn every tool off (`-c features.shell_tool=false`, ...), in a
 * read-only sandbox (`-s read-only`) for what a model's own metadata still brings (the
 * `apply_patch` tool of some models). `--ignore-user-config`: the user's config.toml is not read
 * (its MCP servers would be tools); the login in CODEX_HOME is still codex's own, and a model or
 * provider goes in the command (`-m`, `-c model_provider=...`). History off: `--ephemeral`.
 */
import type { AgentCli, AgentFailure, EventParser } from './agent-cli.js'
import {
  firstPositional,
  hasOption,
  isObject,
  numberOr,
  optionValue,
  retrySeconds,
  stringOr,
} from './agent-cli.js'

/** Options of codex itself (before `exec`) that take a value, so their value is not a command. */
const GLOBAL_VALUED = [
  '-c',
  '--config',
  '-m',
  '--model',
  '-p',
  '--profile',
  '-s',
  '--sandbox',
  '-a',
  '--ask-for-approval',
  '-C',
  '--cd',
  '-i',
  '--image',
  '--add-dir',
  '--local-provider',
  '--enable',
  '--disable',
]

/** Every switch that brings a tool or a side trip, off (checked against 0.169.0's requests). */
const SWITCHES = [
  'check_for_update_on_startup=false',
  'web_search="disabled"',
  'analytics.enabled=false',
  'feedback.enabled=false',
  'otel.exporter="none"',
  'agents.enabled=false',
  'features.plugins=false',
  'features.apps=false',
  'features.shell_tool=false',
  'features.unified_exec=false',
  'features.view_image=false',
  'features.image_generation=false',
  'features.goals=false',
  'features.memories=false',
  'features.multi_agent=false',
  'features.multi_agent_v2=false',
  'features.request_permissions_tool=false',
  'features.standalone_web_search=false',
  'features.tool_suggest=false',
  'features.hooks=false',
  'tools.experimental_request_user_input.enabled=false',
  'tools.update_plan.enabled=false',
  'cloud.skills.enabled=false',
  'skills.include_instructions=false',
].flatMap((setting) => ['-c', setting])

const AUTH =
  /\b40[13]\b|unauthori[sz]ed|incorrect api key|invalid api key|not logged in|log ?in|missing environment variable: `?[A-Z_]*(KEY|TOKEN)/i

/**
 * `Reconnecting... 1/5 (unexpected status 401 Unauthorized: Incorrect API key provided., url:
 * http://...)`: what the API said, without the retry count and the address.
 */
function detailOf(text: string): string {
  const said = text
    .replace(/^Reconnecting\.\.\. \d+\/\d+ \((.*)\)$/s, '$1')
    .replace(/^unexpected status /, 'HTTP ')
    .replace(/, url: \S+$/, '')
  return said.length > 200 ? `${said.slice(0, 197)}...` : said
}

function classify(text: string): AgentFailure {
  const detail = detailOf(text)
  if (AUTH.test(text)) return { kind: 'auth', detail }
  if (/\b429\b|too many requests|rate limit|usage limit/i.test(text))
    return { kind: 'rate', retryAfterSeconds: retrySeconds(text), detail }
  if (/model.*(does not exist|not found|not supported)|model_not_found|unknown model/i.test(text))
    return { kind: 'model', detail }
  return { kind: 'other', detail }
}

function parser(): EventParser {
  const messages: string[] = []
  let inputTokens: number | null = null
  let outputTokens: number | null = null
  let failure: AgentFailure | null = null
  return {
    event(event) {
      switch (event.type) {
        case 'thread.started':
        case 'turn.started':
        case 'item.started':
        case 'item.updated':
          return { delta: '', known: true }
        case 'item.completed': {
          const item = isObject(event.item) ? event.item : {}
          if (item.type !== 'agent_message' || typeof item.text !== 'string')
            return { delta: '', known: true }
          const delta = messages.length > 0 ? `\n\n${item.text}` : item.text
          messages.push(item.text)
          return { delta, known: true }
        }
        case 'turn.completed': {
          const usage = isObject(event.usage) ? event.usage : {}
          const input = numberOr(usage.input_tokens, null)
          const output = numberOr(usage.output_tokens, null)
          if (input !== null) inputTokens = (inputTokens ?? 0) + input
          if (output !== null) outputTokens = (outputTokens ?? 0) + output
          return { delta: '', known: true }
        }
        case 'turn.failed': {
          const error = isObject(event.error) ? event.error : {}
          failure ??= classify(stringOr(error.message, 'the turn failed') ?? 'the turn failed')
          return { delta: '', known: true }
        }
        case 'error': {
          const message = stringOr(event.message, '') ?? ''
          const retrying = /^Reconnecting\.\.\./.exec(message)
          if (!retrying) return { delta: '', known: true }
          // It retries a refused key and a rate limit five times, and waits for a network that is
          // not there without end: none of them is worth a persona's turn.
          const reason = classify(message)
          if (reason.kind === 'auth' || reason.kind === 'rate')
            return { delta: '', known: true, failure: reason }
          if (/waiting for network/i.test(message))
            return {
              delta: '',
              known: true,
              failure: { kind: 'other', detail: `cannot reach its API (${message})` },
            }
          return { delta: '', known: true }
        }
        default:
          return { delta: '', known: false }
      }
    },
    stderrLine: () => null,
    summary: () => ({
      text: messages[messages.length - 1] ?? '',
      inputTokens,
      outputTokens,
      costUsd: null,
      // Its events do not name the model: the one the command asks for is filled in by the reader.
      model: null,
      failure,
    }),
  }
}

export const codex: AgentCli = {
  name: 'codex',
  tested: '0.169.0',
  update: 'npm install -g @openai/codex',
  login: 'run codex login, or set OPENAI_API_KEY',
  ownVariable: (name) => name.startsWith('OPENAI_') || name.startsWith('CODEX_'),

  structured(argv) {
    const args = argv.slice(1)
    const command = firstPositional(args, GLOBAL_VALUED)
    if (command && command.value !== 'exec' && command.value !== 'e') return null
    const at = command ? command.index + 1 : args.length
    const before = command ? args.slice(0, at) : [...args, 'exec']
    const after = args.slice(at)
    const own = [...before, ...after]
    const added = [
      ...['--json', '--skip-git-repo-check', '--ephemeral', '--ignore-user-config'].filter(
        (flag) => !own.includes(flag),
      ),
      ...(hasOption(own, ['--sandbox', '-s']) ? [] : ['--sandbox', 'read-only']),
      ...SWITCHES,
    ]
    return [argv[0] ?? 'codex', ...before, ...added, ...after]
  },

  requestedModel(argv) {
    const args = argv.slice(1)
    const model = optionValue(args, ['-m', '--model'])
    if (model !== null) return model
    for (const [index, arg] of args.entries()) {
      const setting = arg === '-c' || arg === '--config' ? args[index + 1] : null
      const match = setting ? /^model\s*=\s*"?([^"]+)"?$/.exec(setting) : null
      if (match?.[1]) return match[1]
    }
    return null
  },

  prepare: () => ({}),

  parser,
}
