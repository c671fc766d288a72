/**
 * A turn's use cases for the CLI, the app and the library: who is asked (refusing, before any
 * call, a discussion that cannot be written and a name no persona answers to), the prompt each
 * would get, and the turn itself on this machine's personas, templates and providers.
 */
import { basename } from 'node:path'

import { didYouMean } from '../../core/config/did-you-mean.js'
import { DiscussionError } from '../../core/errors.js'
import { requireKnownProvider } from '../../core/providers/known-provider.js'
import { admitTyped } from '../../core/text/text.js'
import { previewTurn } from '../../core/turns/preview-turn.js'
import type { PromptPreview } from '../../core/turns/preview-turn.js'
import { runTurn } from '../../core/turns/run-turn.js'
import type { TurnDeps, TurnResult } from '../../core/turns/run-turn.js'
import type { Selection } from '../../core/turns/select.js'
import type { TurnBudget } from '../../core/budget/turn-budget.js'
import { anyCap, turnBudgetFor } from './budget.js'
import type { RunCaps } from './budget.js'
import { requireDiscussionFile } from '../store/discussion-kind.js'
import type { EngineContext } from './engine-context.js'
import type { EngineTurnOptions } from './engine-types.js'

/** A turn that passed the checks made before anyone is asked; `run` asks them. */
export interface PreparedTurn {
  /** The discussion's path, resolved. */
  file: string
  run(): Promise<TurnResult>
}

/**
 * Refuses, before any provider is called, a discussion that cannot be written and a name no
 * persona answers to; reads only the file's head. The discussion itself is read once, by the
 * turn, when it runs.
 */
export async function prepareTurnIn(
  engine: EngineContext,
  path: string,
  options: EngineTurnOptions = {},
): Promise<PreparedTurn> {
  // What the turn runs on starts loading now, so compiling the provider code overlaps the checks'
  // file reads below. Nothing is called yet, and turnDepsOf awaits the same promises after the
  // checks, so a refusal still comes first and a loading error is reported where it was.
  for (const loading of [engine.personas(), engine.providers(), import('./turn-deps.js')])
    loading.catch(() => undefined)
  // Refused before any provider is called: answers that cannot be saved are never paid for.
  const file = await engine.requireWritableDiscussion(path, { folder: true })
  await requireNamedPersonas(engine, options.participants ?? [])
  requireKnownProvider(options.provider, (await engine.providers()).available)
  const { provider, callout, caps, ...turn } = options
  // The callout goes into every prompt and an external participant's arguments: refused before
  // anything is asked when it is not text.
  const admitted = callout !== undefined ? { callout: admitTyped(callout, 'The callout') } : {}
  const timeoutSeconds = engine.config.turns.timeout_seconds
  return {
    file,
    run: async () => {
      const budget = await budgetOf(engine, file, caps ?? {}, provider ?? null)
      return runTurn(
        {
          concurrency: engine.config.turns.concurrency,
          budgetChars: engine.config.turns.context_chars,
          ...(timeoutSeconds !== null ? { timeoutMs: timeoutSeconds * 1000 } : {}),
          ...turn,
          ...admitted,
          ...(budget ? { budget } : {}),
          file,
        },
        await turnDepsOf(engine, provider, file),
      )
    },
  }
}

/** The turn's budget when anything is capped; reads the file only then (a per-discussion cap). */
async function budgetOf(
  engine: EngineContext,
  file: string,
  caps: RunCaps,
  provider: string | null,
): Promise<TurnBudget | undefined> {
  if (!anyCap(engine, caps)) return undefined
  const { parsed } = await engine.store.read(file)
  return turnBudgetFor(engine, caps, parsed, provider)
}

/** Who a turn would ask and the exact prompt each would get; calls nobody. */
export async function previewTurnIn(
  engine: EngineContext,
  path: string,
  options: Pick<EngineTurnOptions, 'participants' | 'callout'> = {},
): Promise<{ selection: Selection; prompts: PromptPreview[] }> {
  const loaded = await engine.load(path)
  // What a turn would refuse is refused here too (a file that is no discussion, a name no persona
  // answers to), so a preview never shows prompts for a turn that cannot run.
  await requireDiscussionFile(loaded.path, path)
  await requireNamedPersonas(engine, options.participants ?? [])
  return previewTurn(
    {
      ...options,
      file: loaded.path,
      snapshot: loaded,
      budgetChars: engine.config.turns.context_chars,
    },
    await turnDepsOf(engine),
  )
}

/** Refuses a turn that names someone no persona answers to (`@architetc`), before any call. */
async function requireNamedPersonas(
  engine: EngineContext,
  participants: readonly string[],
): Promise<void> {
  const named = participants.map((name) => name.trim().replace(/^@/, ''))
  if (named.length === 0 || named.some((name) => name.toLowerCase() === 'all')) return
  const personas = await engine.personas()
  for (const name of named) {
    if (personas.get(name)) continue
    const fileName = (file: string | null): string =>
      basename(file ?? '')
        .replace(/\.ya?ml$/i, '')
        .toLowerCase()
    const broken = personas.problems.find(
      (problem) => fileName(problem.file) === name.toLowerCase(),
    )
    if (broken) throw broken // a persona whose file is broken says so, with file:line
    const aliases = personas.list().map((entry) => entry.persona.alias)
    const meant = didYouMean(name, aliases)
    throw new DiscussionError(
      `No persona named @${name}${meant ? `; did you mean @${meant}?` : '.'} \`discussions participants list\` shows who can take part.`,
    )
  }
}

/** What a turn runs on: this engine's registries, providers and store. */
async function turnDepsOf(
  engine: EngineContext,
  provider?: string,
  file?: string,
): Promise<TurnDeps> {
  const [personas, providers, { turnDeps }] = await Promise.all([
    engine.personas(),
    engine.providers(),
    import('./turn-deps.js'),
  ])
  return turnDeps({
    personas,
    template: async (name) => (await engine.template(name))?.template,
    providers,
    store: engine.store,
    env: engine.env,
    cwd: engine.cwd,
    projectRoot: engine.projectRoot,
    consensus: engine.config.consensus,
    ...(provider !== undefined ? { provider } : {}),
    ...(file !== undefined ? { file } : {}),
  })
}
