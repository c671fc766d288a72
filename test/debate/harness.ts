/**
 * Debates in-process against the real file store in a temp folder, with scripted participants:
 * a script says what each participant answers at each step (or that it hangs, ignoring the
 * abort, or fails), and every call is logged with its phase and round.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { renderNewDebate } from '../../src/core/debate/create.js'
import type { DebateEvent } from '../../src/core/debate/events.js'
import { DEFAULT_SETTINGS } from '../../src/core/debate/model.js'
import type { DebatePhase, DebateSettings } from '../../src/core/debate/model.js'
import { readDebate } from '../../src/core/debate/read-state.js'
import { runDebate } from '../../src/core/debate/run-debate.js'
import type { DebateDeps, DebateRunOptions } from '../../src/core/debate/run-debate.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { ProviderError } from '../../src/core/providers/port.js'
import { DiscussionFileStore } from '../../src/node/store/discussion-store.js'
import { sleep } from '../../src/node/providers/sleep.js'
import { tempFolder } from '../support/temp.js'
import { admitName, admitText } from '../../src/core/text/text.js'

export interface StepInfo {
  alias: string
  phase: DebatePhase
  round: number
  /** What the prompt says: the participant's own proposal, those in play, critiques of its own. */
  own: string
  inPlay: string[]
  critiquesOfOwn: { id: string; severity: string }[]
  prompt: string
}

/** A JSON answer, or `'hang'` (never answers, ignores the abort) or `'fail'` (provider error). */
export type Reply = string
export type Script = (step: StepInfo) => Reply

const field = (prompt: string, name: string): string =>
  new RegExp(`^${name}: (.*)$`, 'm').exec(prompt)?.[1]?.trim() ?? ''
const list = (text: string): string[] => (text === 'none' || text === '' ? [] : text.split(/, /))

export function stepOf(alias: string, prompt: string): StepInfo {
  return {
    alias,
    phase: field(prompt, 'DEBATE-STEP') as DebatePhase,
    round: Number(field(prompt, 'DEBATE-ROUND')),
    own: field(prompt, 'YOUR-PROPOSAL'),
    inPlay: list(field(prompt, 'IN-PLAY')),
    critiquesOfOwn: list(field(prompt, 'CRITIQUES-OF-YOURS')).map((item) => {
      const [id = '', severity = ''] = item.split(':')
      return { id, severity }
    }),
    prompt,
  }
}

export const answer = {
  proposal: (text: string, confidence = 0.8) => JSON.stringify({ proposal: text, confidence }),
  critiques: (
    ...critiques: { target: string; severity: string; text?: string; keeps?: string }[]
  ) => JSON.stringify({ critiques: critiques.map((c) => ({ text: `about ${c.target}`, ...c })) }),
  defense: (addresses: string[], modified: string | null = null) =>
    JSON.stringify({ addresses, response: 'answered', modified }),
  ballot: (...approves: string[]) => JSON.stringify({ approves, justification: 'because' }),
}

/** A sensible default: propose, no critiques, defend by addressing all, approve nothing. */
export function baseline(step: StepInfo): Reply {
  switch (step.phase) {
    case 'propose':
      return answer.proposal(`Plan of ${step.alias}`)
    case 'critique':
      return answer.critiques()
    case 'defend':
      return answer.defense(step.critiquesOfOwn.map((c) => c.id))
    case 'vote':
      return answer.ballot()
  }
}

export interface Harness {
  file: string
  deps: DebateDeps
  calls: StepInfo[]
  events: DebateEvent[]
  run: (options?: Partial<DebateRunOptions>) => ReturnType<typeof runDebate>
  text: () => Promise<string>
  state: () => Promise<ReturnType<typeof readDebate>>
}

export async function debateHarness(options: {
  participants: { alias: string; weight?: number }[]
  settings?: Partial<DebateSettings>
  script: Script
  folder?: string
  title?: string
  /** Continue this debate file instead of creating one. */
  resume?: string
}): Promise<Harness> {
  const folder = options.resume
    ? dirname(options.resume)
    : (options.folder ?? (await tempFolder('debate-')))
  const file =
    options.resume ?? join(folder, `${(options.title ?? 'debate').replace(/\W+/g, '-')}.md`)
  if (!options.resume)
    await writeFile(
      file,
      renderNewDebate({
        title: admitName(options.title ?? 'Where should sessions live?'),
        context: admitText('Two app instances behind a load balancer.'),
        participants: options.participants.map((p) => ({
          alias: p.alias,
          weight: p.weight ?? 100,
        })),
        settings: { ...DEFAULT_SETTINGS, ...options.settings },
        created: new Date('2026-11-23T10:00:00Z'),
      }),
    )
  const store = new DiscussionFileStore({ stateDir: join(folder, '.state') })
  const calls: StepInfo[] = []
  const events: DebateEvent[] = []
  const deps: DebateDeps = {
    store,
    persona: (alias) =>
      options.participants.some((p) => p.alias === alias)
        ? { alias, name: `AI-${alias[0]?.toUpperCase()}${alias.slice(1)}`, role: 'Tester' }
        : undefined,
    complete: async (alias, request) => {
      const step = stepOf(alias, request.prompt)
      calls.push(step)
      const reply = options.script(step)
      if (reply === 'hang') return new Promise(() => undefined)
      if (reply === 'fail') throw new ProviderError('exit', 'scripted: exited with code 3')
      request.onText?.(reply)
      return {
        text: reply,
        provider: 'scripted',
        durationMs: 1,
        usage: { inputTokens: 1, outputTokens: 1, estimated: true },
        costUsd: null,
        attempts: [],
      }
    },
    sleep,
    aborter: () => new AbortController(),
  }
  return {
    file,
    deps,
    calls,
    events,
    run: (more = {}) => runDebate({ file, onEvent: (event) => events.push(event), ...more }, deps),
    text: () => readFile(file, 'utf8'),
    state: async () => readDebate(parseDiscussion(await readFile(file, 'utf8'))),
  }
}

/** The calls per phase, in order: `['propose:a', 'propose:b', ...]` sorted within a phase. */
export function callsByPhase(calls: readonly StepInfo[]): Record<string, string[]> {
  const byPhase: Record<string, string[]> = {}
  for (const call of calls) (byPhase[`${call.round}:${call.phase}`] ??= []).push(call.alias)
  for (const key of Object.keys(byPhase)) byPhase[key]?.sort()
  return byPhase
}
