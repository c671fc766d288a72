/**
 * The real claude, codex, gemini and opencode (installed by scripts/install-agent-clis.mjs),
 * started by the real `discussions` bin inside a loopback-only network namespace against
 * stand-ins for the APIs they call: a turn of four personas, one per CLI, streaming, with the
 * usage, cost and model each reported, no tool in any request, the person's own settings and
 * history untouched; and each failure in words. A machine that cannot make the namespace, or
 * has not installed the CLIs, skips with one line saying which.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  RATE_LIMITED_MODEL,
  STAND_IN_ANSWERS,
  UNKNOWN_MODEL,
  installProblem,
  namespaceProblem,
  openLoopbackNamespace,
} from '../support/agent-clis/index.js'
import type { LoopbackNamespace, RecordedRequest } from '../support/agent-clis/index.js'
import { PERSONAS, WORKING_MODELS, agentWorkspace, allModels } from './workspace.js'
import type { AgentWorkspace } from './workspace.js'

const problem = namespaceProblem() ?? installProblem()
if (problem) process.stderr.write(`real agent CLI tests skipped: ${problem}\n`)

const PARTICIPANTS = Object.keys(PERSONAS).map((alias) => `@${alias}`)

interface DoneEvent {
  type: 'done'
  participant: string
  provider: string
  model?: string
  usage: { inputTokens: number; outputTokens: number; estimated: boolean }
  costUsd: number | null
  vote: string | null
}

interface FailedEvent {
  type: 'failed'
  participant: string
  reason: string
}

function events(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** The tools each request offered the model, by API, however the API spells them. */
function toolsOffered(request: RecordedRequest): string[] {
  const tools = request.body?.tools
  if (!Array.isArray(tools)) return []
  return tools.flatMap((tool: Record<string, unknown>) =>
    Array.isArray(tool.functionDeclarations)
      ? (tool.functionDeclarations as { name: string }[]).map((declaration) => declaration.name)
      : [String(tool.name ?? (tool.function as { name?: string } | undefined)?.name ?? tool.type)],
  )
}

/** The frames a live terminal drew, as plain lines: one per participant per redraw. */
function frameLines(screen: string): string[] {
  return stripVTControlCharacters(screen)
    .split(/\r?\n/)
    .map((line) => line.replace(/^[^\p{L}]*/u, '').trimEnd())
    .filter((line) => line !== '')
}

/** Each participant's streamed text as its live line showed it, in order, each change once. */
function liveLines(screen: string): Map<string, string[]> {
  const shown = new Map<string, string[]>()
  for (const line of frameLines(screen)) {
    const match = /^(\w+)\s+“(.*)” \d+s$/.exec(line)
    if (!match?.[1] || match[2] === undefined) continue
    const texts = shown.get(match[1]) ?? []
    if (texts.at(-1) !== match[2]) texts.push(match[2])
    shown.set(match[1], texts)
  }
  return shown
}

/** The live lines as they changed (the spinner and the seconds left out), each change once. */
function transcript(screen: string): Set<string> {
  return new Set(frameLines(screen).map((line) => line.replace(/ \d+s$/, '')))
}

/** `provider: message` out of a failure that may list several (`every provider failed (a; b)`). */
function ownClause(reason: string, provider: string): string {
  const clauses = reason
    .replace(/^every provider failed \((.*)\)$/s, '$1')
    .split(/; (?=\w+-agent: )/)
  return clauses.find((clause) => clause.startsWith(`${provider}: `)) ?? reason
}

describe.skipIf(problem !== null)('the real agent CLIs, offline', () => {
  let space: LoopbackNamespace
  let workspace: AgentWorkspace

  beforeAll(async () => {
    space = await openLoopbackNamespace()
    workspace = await agentWorkspace(space)
  }, 120_000)
  afterAll(async () => {
    await space?.close()
    await workspace?.remove()
  })

  it(
    'answer a turn of four personas, one per CLI, cold then warm',
    { timeout: 300_000 },
    async () => {
      await space.forget()
      const cold = await workspace.discussions(['turn', workspace.file, ...PARTICIPANTS, '--json'])
      expect(cold.stderr).toBe('')
      expect(cold.code, cold.stdout).toBe(0)
      const done = events(cold.stdout).filter(
        (event): event is DoneEvent & Record<string, unknown> => event.type === 'done',
      )
      const byAlias = Object.fromEntries(done.map((event) => [event.participant, event]))
      expect(Object.keys(byAlias).sort()).toEqual(Object.keys(PERSONAS).sort())

      // Usage as each stand-in reported it; cost as the CLI reported it, else from `prices`.
      const usage = (api: keyof typeof STAND_IN_ANSWERS) => ({
        inputTokens: STAND_IN_ANSWERS[api].inputTokens,
        outputTokens: STAND_IN_ANSWERS[api].outputTokens,
        estimated: false,
      })
      expect(byAlias.claudia).toMatchObject({
        provider: 'claude-agent',
        // What `sonnet` stands for in claude 2.1.328, as the API named it back.
        model: 'claude-sonnet-5-5',
        usage: usage('anthropic'),
        vote: 'READY',
      })
      // claude's own total_cost_usd: its price for the model ($2 / $10 a million) x the usage.
      expect(byAlias.claudia?.costUsd).toBeCloseTo((1234 * 2 + 42 * 10) / 1e6, 9)
      expect(byAlias.cody).toMatchObject({
        provider: 'codex-agent',
        model: WORKING_MODELS.codex,
        usage: usage('responses'),
      })
      expect(byAlias.cody?.costUsd).toBeCloseTo((2345 * 1.25 + 53 * 10) / 1e6, 9)
      expect(byAlias.gemma).toMatchObject({
        provider: 'gemini-agent',
        model: WORKING_MODELS.gemini,
        usage: usage('gemini'),
      })
      expect(byAlias.gemma?.costUsd).toBeCloseTo((4567 * 0.3 + 75 * 2.5) / 1e6, 9)
      expect(byAlias.otto).toMatchObject({
        provider: 'opencode-agent',
        model: `standin/${WORKING_MODELS.opencode}`,
        usage: usage('chat'),
      })
      // opencode's own cost, from the model's cost in the person's opencode config ($2 / $8).
      expect(byAlias.otto?.costUsd).toBeCloseTo((3456 * 2 + 64 * 8) / 1e6, 9)

      // Every answer is in the file, under its persona, with its vote.
      const text = await readFile(workspace.file, 'utf8')
      for (const who of ['Claude', 'Codex', 'Gemini', 'Opencode'])
        expect(text).toContain(
          `${who} has read the proposal. The plan holds; ship it behind a flag.`,
        )

      // No request offered the model a tool, and nothing but the APIs (and opencode's registry
      // lookup) was asked for.
      const requests = await space.requests()
      const calls = requests.filter((request) => request.method === 'POST')
      expect(calls.map((request) => request.url.replace(/\?.*/, '')).sort()).toEqual([
        '/v1/chat/completions',
        '/v1/messages',
        '/v1/responses',
        '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
      ])
      for (const request of calls)
        expect({ url: request.url, tools: toolsOffered(request) }).toEqual({
          url: request.url,
          tools: [],
        })
      for (const request of requests.filter((request) => request.method !== 'POST'))
        expect(request.url).toMatch(/^\/npm\//)

      // The person's own settings are as they were (claude keeps its own running state in
      // ~/.claude.json, beside the MCP servers, and updates that as on any run), no MCP server
      // of theirs was started, and no CLI left a session in their history.
      for (const [path, written] of Object.entries(workspace.settings)) {
        const now = await readFile(join(workspace.home, path), 'utf8')
        if (path === '.claude.json')
          expect(JSON.parse(now)).toMatchObject(JSON.parse(written) as Record<string, unknown>)
        else expect({ path, now }).toEqual({ path, now: written })
      }
      const files = await workspace.homeFiles()
      expect(files.filter((file) => file.endsWith('-mcp-server-started'))).toEqual([])
      expect(files.filter((file) => /^\.claude\/projects\/.*\.jsonl$/.test(file))).toEqual([])
      expect(files.filter((file) => file.startsWith('.codex/sessions/'))).toEqual([])
      expect(
        files.filter(
          (file) => file.startsWith('.gemini/tmp/') || file.startsWith('.gemini/history/'),
        ),
      ).toEqual([])
      expect(
        files.filter((file) => /^\.local\/share\/opencode\/(storage|opencode.*\.db)/.test(file)),
      ).toEqual([])

      // Warm, in a terminal: the live lines show each answer as it streams, then each done line.
      const warm = await workspace.discussions(['turn', workspace.file, ...PARTICIPANTS], {
        terminal: true,
      })
      expect(warm.code).toBe(0)
      const screen = warm.stdout
      for (const alias of Object.keys(PERSONAS))
        expect(screen).toMatch(
          new RegExp(`${alias}\\s+done, vote READY, [\\d.]+s via \\w+-agent \\(`),
        )
      // claude and gemini stream their answers in pieces: their line shows the start of the
      // answer before the rest has come; codex and opencode give it whole. The live line is
      // redrawn at most every few frames, so the done line may replace it before the last piece
      // is drawn: each text shown is the start of the answer, and at least one is a part of it.
      const shown = liveLines(screen)
      const full = (who: string) =>
        `${who} has read the proposal. The plan holds; ship it behind a flag.`
      for (const [alias, who] of [
        ['claudia', 'Claude'],
        ['gemma', 'Gemini'],
      ] as const) {
        const texts = shown.get(alias) ?? []
        expect(texts).not.toEqual([])
        for (const text of texts) expect(full(who).startsWith(text), text).toBe(true)
        expect(texts.filter((text) => text !== full(who))).not.toEqual([])
      }
      process.stdout.write(
        `\n--- a warm turn in a terminal (${warm.durationMs} ms), the lines as they changed ---\n${[
          ...transcript(screen),
        ].join('\n')}\n`,
      )
    },
  )

  it(
    'say why they failed, in one line naming the CLI and the fix',
    { timeout: 300_000 },
    async () => {
      const turn = async (env: Record<string, string> = {}) => {
        const run = await workspace.discussions(
          ['turn', workspace.file, ...PARTICIPANTS, '--json'],
          { env },
        )
        expect(run.code).toBe(1)
        const failed = events(run.stdout).filter(
          (event): event is FailedEvent & Record<string, unknown> => event.type === 'failed',
        )
        // A persona whose provider failed goes on to the default (claude-agent), so a reason may
        // list both: each persona's own provider's clause is what is looked at.
        return Object.fromEntries(
          failed.map((event) => [
            event.participant,
            ownClause(event.reason, PERSONAS[event.participant as keyof typeof PERSONAS]),
          ]),
        )
      }

      const refused = await turn({
        ANTHROPIC_API_KEY: 'sk-ant-wrong-0000000000',
        OPENAI_API_KEY: 'sk-wrong-0000000000',
        GEMINI_API_KEY: 'wrong-gemini-key-0000',
        STANDIN_KEY: 'sk-wrong-0000000000',
      })
      expect(refused.claudia).toMatch(
        /^claude-agent: claude is not logged in, or its key was refused \(.+\): run claude once and log in with \/login, or set ANTHROPIC_API_KEY$/,
      )
      expect(refused.cody).toMatch(
        /^codex-agent: codex is not logged in, or its key was refused \(.*401.*\): run codex login, or set OPENAI_API_KEY$/,
      )
      expect(refused.gemma).toMatch(
        /^gemini-agent: gemini is not logged in, or its key was refused \(API key not valid.*\): run gemini once and log in, or set GEMINI_API_KEY$/,
      )
      expect(refused.otto).toMatch(
        /^opencode-agent: opencode is not logged in, or its key was refused \(Incorrect API key.*\): run opencode auth login, or set the provider's key variable and name it in api_key_env$/,
      )
      for (const reason of Object.values(refused)) expect(reason).not.toContain('wrong')

      await workspace.useModels(allModels(UNKNOWN_MODEL))
      const unknown = await turn()
      expect(unknown.claudia).toMatch(
        /^claude-agent: claude: the model "no-such-model" does not exist or this account cannot use it \(.+\): fix the model in the command in providers.yaml$/,
      )
      expect(unknown.cody).toMatch(/^codex-agent: codex: the model "no-such-model" does not exist/)
      expect(unknown.gemma).toMatch(
        /^gemini-agent: gemini: the model "no-such-model" does not exist/,
      )
      expect(unknown.otto).toMatch(
        /^opencode-agent: opencode: the model "standin\/no-such-model" does not exist/,
      )

      await workspace.useModels(allModels(RATE_LIMITED_MODEL))
      const limited = await turn()
      // claude and gemini say when to try again (the API's retry-after, which they add a little to).
      expect(limited.claudia).toMatch(
        /^claude-agent: claude was rate-limited by its API \(HTTP 429\): try again in (3[7-9]|4\d) s, or give the persona a fallback provider$/,
      )
      expect(limited.gemma).toMatch(
        /^gemini-agent: gemini was rate-limited by its API \(.+\): try again in 37 s, or give the persona a fallback provider$/,
      )
      expect(limited.cody).toMatch(
        /^codex-agent: codex was rate-limited by its API \(.*429.*\): try again (later|in \d+ s), or give the persona a fallback provider$/,
      )
      expect(limited.otto).toMatch(
        /^opencode-agent: opencode was rate-limited by its API \(.+\): try again in \d+ s, or give the persona a fallback provider$/,
      )

      await workspace.useModels(WORKING_MODELS)
      process.stdout.write(
        `\n--- failures ---\n${JSON.stringify({ refused, unknown, limited }, null, 2)}\n`,
      )
    },
  )

  it('say when a CLI is too old for its structured mode', { timeout: 120_000 }, async () => {
    const old = await workspace.discussions(['providers', 'test', 'claude-agent'], {
      env: { PATH: (workspace.env.PATH ?? '').replace(workspace.clis.bin, workspace.clis.oldBin) },
    })
    expect(old.code, JSON.stringify(old)).toBe(1)
    expect(old.stderr).toMatch(
      /^error: claude-agent: claude is too old: it does not know --include-partial-messages, which discussions needs; update it \(npm install -g @anthropic-ai\/claude-code, or claude update\); tested with claude 2\.1\.328( \(after [\d.]+ s\))?\n$/,
    )
    process.stdout.write(`\n--- too old ---\n${old.stderr}\n`)
  })
})

if (problem !== null) {
  describe('the real agent CLIs, offline', () => {
    it.skip(`skipped: ${problem}`, () => {})
  })
}
