/**
 * The debate's use cases: creating one from the `debate` template, running (or resuming) it,
 * loading one (refusing a file that is not a debate, with what to do instead), the human's
 * decision, and reading every debate of a folder for the statistics.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { DEBATE_TEMPLATE, renderNewDebate } from '../../core/debate/create.js'
import { decideDebate } from '../../core/debate/decide.js'
import { DEFAULT_SETTINGS } from '../../core/debate/model.js'
import type { DebateOutcome, DebateSettings, DebateState } from '../../core/debate/model.js'
import { readDebate } from '../../core/debate/read-state.js'
import { DECIDED, runDebate } from '../../core/debate/run-debate.js'
import type { DebateRunOptions, DebateRunResult } from '../../core/debate/run-debate.js'
import { defaultWeight } from '../../core/debate/weights.js'
import { DiscussionError } from '../../core/errors.js'
import { headerValue } from '../../core/format/headers.js'
import type { ParsedDiscussion } from '../../core/format/model.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { requireKnownProvider } from '../../core/providers/known-provider.js'
import type { EngineContext } from './engine-context.js'
import { createDiscussionFile } from '../store/discussion-folder.js'
import { outputFolder } from './discussions.js'
import { debateDeps } from './debate-deps.js'
import type { RunCaps } from './budget.js'
import { budgetedDebate } from './debate-budget.js'
import { admitText, admitTyped, admitTypedName } from '../../core/text/text.js'

export interface NewDebate {
  title: string
  context?: string
  participants?: readonly string[]
  /** Hundredths per alias; the rest get the default for their role. */
  weights?: Readonly<Record<string, number>>
  settings?: Partial<DebateSettings>
  dir?: string
}

export async function createDebate(engine: EngineContext, request: NewDebate): Promise<string> {
  const text = await newDebateText(engine, request)
  const folder = await outputFolder(engine, request.dir)
  return createDiscussionFile(folder, request.title, text, engine.projectRoot ?? engine.cwd)
}

/** A new debate's file as `createDebate` writes it; refuses what it refuses; writes nothing. */
export async function newDebateText(engine: EngineContext, request: NewDebate): Promise<string> {
  if (request.title.trim() === '')
    throw new DiscussionError('The topic is empty; say what the debate should decide.')
  const { template } = await engine.requireTemplate(DEBATE_TEMPLATE)
  const aliases =
    request.participants && request.participants.length > 0
      ? request.participants.map((alias) => alias.replace(/^@/, '').toLowerCase())
      : template.participants
  if (aliases.length < 2)
    throw new DiscussionError('A debate needs at least two participants (three are better).')
  const personas = await engine.personas()
  const participants = aliases.map((alias) => {
    const { persona } = personas.require(alias)
    return { alias, weight: request.weights?.[alias] ?? defaultWeight(alias, persona.role) }
  })
  for (const alias of Object.keys(request.weights ?? {}))
    if (!aliases.includes(alias))
      throw new DiscussionError(
        `--weights names "${alias}", who is not a participant (${aliases.join(', ')}).`,
      )
  return renderNewDebate({
    title: admitTypedName(request.title, 'The topic'),
    context: admitTyped(request.context ?? '', 'The context'),
    participants,
    settings: { ...DEFAULT_SETTINGS, ...request.settings },
    created: new Date(),
    skeleton: template.skeleton === null ? null : admitText(template.skeleton),
  })
}

/** How a run goes: cancel, follow, and a provider or round timeout for this run only. */
export interface DebateRun extends Omit<DebateRunOptions, 'file'> {
  /** Every participant uses this provider (no fallback); default: each persona's chain. */
  provider?: string
  /** `--max-cost`, `--max-total-tokens`; the settings' `budget.*` fill in what is absent. */
  caps?: RunCaps
}

/** Runs the debate in `file` until consensus or escalation; a stopped run resumes. */
export async function runDebateFile(
  engine: EngineContext,
  file: string,
  options: DebateRun = {},
): Promise<DebateRunResult & { budgetStopped: boolean }> {
  const { path, state, parsed } = await loadDebate(engine, file)
  const { provider, caps = {}, ...run } = options
  requireKnownProvider(provider, (await engine.providers()).available)
  const deps = await debateDeps(engine, provider !== undefined ? { provider } : {})
  const aliases = state.participants.map((participant) => participant.alias)
  const budgeted = await budgetedDebate(
    engine,
    deps,
    parsed,
    aliases,
    caps,
    provider !== undefined ? { provider } : {},
  )
  if (!budgeted) return { ...(await runDebate({ ...run, file: path }, deps)), budgetStopped: false }
  const stop = () => budgeted.stopped()
  const result = await runDebate({ ...run, stop, file: path }, budgeted.deps)
  const budgetStopped = budgeted.stopped() && !run.signal?.aborted
  return { ...result, cancelled: result.cancelled && !budgetStopped, budgetStopped }
}

export function isDebate(parsed: ParsedDiscussion): boolean {
  return headerValue(parsed, 'Template')?.toLowerCase() === DEBATE_TEMPLATE
}

export async function loadDebate(
  engine: EngineContext,
  path: string,
): Promise<{ path: string; state: DebateState; parsed: ParsedDiscussion }> {
  const loaded = await engine.load(path)
  if (!isDebate(loaded.parsed))
    throw new DiscussionError(
      `${path} is not a debate (its template is ${headerValue(loaded.parsed, 'Template') ?? 'not set'}); start one with \`discussions debate new "topic"\`.`,
    )
  return { path: loaded.path, state: readDebate(loaded.parsed), parsed: loaded.parsed }
}

export async function recordDecision(
  engine: EngineContext,
  path: string,
  choice: { accept: string } | { reject: true },
  options: { by?: string; reason?: string } = {},
): Promise<DebateOutcome> {
  const by = admitTypedName(options.by ?? engine.userName, 'The name of who decides')
  const reason = admitTyped(options.reason ?? '', 'The reason')
  const { path: file, state } = await loadDebate(engine, path)
  const decision = decideDebate(state, choice, by, reason)
  await engine.store.appendComment(file, { author: by, body: decision.body })
  await engine.store.updateHeaders(file, { Status: decision.status, Phase: DECIDED })
  return decision.outcome
}

/** Every debate in `folder` (not recursive), by file name. */
export async function debatesIn(folder: string): Promise<{ path: string; state: DebateState }[]> {
  let names: string[]
  try {
    names = (await readdir(folder)).filter((n) => n.endsWith('.md') && !n.endsWith('.sum.md'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new DiscussionError(`${folder}: no such folder.`)
    throw error
  }
  const debates: { path: string; state: DebateState }[] = []
  for (const name of names.sort()) {
    const path = join(folder, name)
    const parsed = parseDiscussion(await readFile(path, 'utf8'))
    if (isDebate(parsed)) debates.push({ path, state: readDebate(parsed) })
  }
  return debates
}
