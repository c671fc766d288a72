/**
 * `command`: an AI command-line tool (claude, codex, gemini, opencode, `ollama run`, ...) run
 * without a shell, the prompt on stdin and the answer on stdout. The seed's kind: an entry with a
 * `command` and no `type` is one. A CLI the project knows (agent-clis/) is spoken to in its
 * structured mode with its tools off; any other program as plain text.
 */
import { join } from 'node:path'

import { agentCliFor, agentDialect } from '../agent-clis/index.js'
import { hardenCommand } from '../cli-safety.js'
import { createCommandProvider } from '../command-provider.js'
import { splitCommand } from '../split-command.js'
import { findProgram } from '../which.js'
import { failingProvider } from './failing-provider.js'
import { defineKind } from './kind.js'
import type { BuiltProvider } from './kind.js'

/**
 * The AI CLIs looked for on PATH, each with the entry that runs it (named as personas hint), in
 * the structured form it is spoken to in (the seed's shorter forms get the same flags added).
 */
const CLIS = [
  {
    program: 'claude',
    entry: {
      name: 'claude-sonnet',
      command:
        'claude -p --model sonnet --output-format stream-json --verbose --include-partial-messages',
      description: 'Claude Code CLI (Sonnet)',
    },
  },
  {
    program: 'codex',
    entry: { name: 'codex', command: 'codex exec --json -', description: 'OpenAI Codex CLI' },
  },
  {
    program: 'gemini',
    entry: {
      name: 'gemini-flash',
      command: 'gemini --model gemini-2.5-flash --output-format stream-json',
      description: 'Gemini CLI',
    },
  },
  {
    program: 'opencode',
    entry: {
      name: 'opencode-deepseek',
      command: 'opencode run --format json --model deepseek/deepseek-chat',
      description: 'opencode CLI',
    },
  },
] as const

const ms = (seconds: number | undefined): number | undefined =>
  seconds === undefined ? undefined : Math.round(seconds * 1000)

export const commandKind = defineKind({
  kind: 'command',
  impliedBy: 'command',
  fields: ({ fields, commandLine }) => ({
    description: fields.description,
    command: commandLine,
    api_key_env: fields.api_key_env,
    env: fields.env,
    timeout: fields.timeout,
    inactivity_timeout: fields.inactivity_timeout,
    max_output_bytes: fields.max_output_bytes,
    prices: fields.prices,
  }),
  description:
    'an AI command-line tool, run without a shell: the prompt on stdin, the answer on stdout',
  setupHint: 'install claude, codex, gemini or opencode',
  docs: {
    calls: 'an AI command-line tool (claude, codex, gemini, opencode, `ollama run`)',
    needs: '`command`',
    key: '`api_key_env` if the tool reads one',
    detected: 'claude, codex, gemini, opencode on PATH',
  },
  keyVariables: (config) => (config.api_key_env ? [config.api_key_env] : []),

  build(config, context): BuiltProvider {
    let argv: string[]
    try {
      argv = hardenCommand(splitCommand(config.command, context.env))
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error)
      return {
        provider: failingProvider(config.name, 'command', 'config', problem),
        argv: null,
        problem,
      }
    }
    const timeoutMs = ms(config.timeout)
    const cli = agentCliFor(argv)
    const structured = cli?.structured(argv) ?? null
    const provider = createCommandProvider({
      name: config.name,
      ...(config.description !== undefined ? { description: config.description } : {}),
      ...(config.prices !== undefined ? { prices: config.prices } : {}),
      argv: structured ?? argv,
      envNames: [...(config.api_key_env ? [config.api_key_env] : []), ...(config.env ?? [])],
      ...(cli ? { ownVariable: cli.ownVariable } : {}),
      ...(cli && structured ? { dialect: agentDialect(cli, argv, structured, context.env) } : {}),
      parentEnv: context.env,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      inactivityTimeoutMs: ms(config.inactivity_timeout) ?? null,
      ...(config.max_output_bytes !== undefined ? { maxOutputBytes: config.max_output_bytes } : {}),
      ...(context.scratchRoot !== undefined ? { scratchRoot: context.scratchRoot } : {}),
    })
    return { provider, argv: structured ?? argv, problem: null }
  },

  probe(_config, built, context) {
    const program = built.argv?.[0] ?? ''
    const path = findProgram(program, context.env)
    if (!path) {
      return {
        usable: false,
        why: `"${program}" is not installed or not on PATH: install it, or fix the command in providers.yaml`,
      }
    }
    const found = program.includes('/') ? `${path} is executable` : `${program} found (${path})`
    const structured = built.argv ? agentCliFor(built.argv)?.structured(built.argv) : null
    return {
      usable: true,
      why: structured ? `${found}; spoken to in its structured mode, tools off` : found,
    }
  },

  detect(context) {
    const found = []
    for (const cli of CLIS) {
      let path = findProgram(cli.program, context.env)
      let entry: { name: string; command: string; description: string } = cli.entry
      if (!path && cli.program === 'opencode' && context.env.HOME) {
        // opencode's installer puts it here without touching PATH; the seed names it this way.
        path = findProgram(join(context.env.HOME, '.opencode', 'bin', 'opencode'), context.env)
        if (path)
          entry = {
            ...entry,
            command: '$HOME/.opencode/bin/opencode run --model deepseek/deepseek-chat',
          }
      }
      if (path)
        found.push({ name: entry.name, found: `${cli.program} is installed (${path})`, entry })
    }
    return found
  },

  describe: (config) => [config.command].flat().join(' '),
})
