/**
 * The council's use cases for the CLI, the app and the library: the file is created with the
 * settings in its header, then `runCouncilFile` drives the core state machine with this machine's
 * providers, role personas and prompt templates. Running a file again resumes it.
 */
import { resolve } from 'node:path'

import {
  councilTitle,
  readCouncilSettings,
  renderCouncilDiscussion,
} from '../../core/council/council-file.js'
import { describeCouncil } from '../../core/council/describe.js'
import type { CouncilView } from '../../core/council/describe.js'
import { resolveCouncilOptions } from '../../core/council/modes.js'
import { rolesOf } from '../../core/council/roles.js'
import type { CouncilOptionsInput } from '../../core/council/modes.js'
import { runCouncil } from '../../core/council/run-council.js'
import type { CouncilRunOptions, CouncilRunResult } from '../../core/council/run-council.js'
import { DiscussionError } from '../../core/errors.js'
import { registryDirs } from '../config/load-config.js'
import type { EngineContext } from './engine-context.js'
import { createDiscussionFile } from '../store/discussion-folder.js'
import { outputFolder } from './discussions.js'
import { createDurably } from '../store/durable-write.js'
import { loadCouncilAssets } from '../council/assets.js'
import type { CouncilAssets } from '../council/assets.js'
import { requireKnownProvider } from '../../core/providers/known-provider.js'
import { councilCaller } from '../council/council-providers.js'
import type { RunCaps } from './budget.js'
import { budgetedCouncilCalls } from './council-skips.js'
import { checkNewCouncilBudget, councilBudget } from './council-budget.js'
import { admitName, admitTyped } from '../../core/text/text.js'

export interface NewCouncil extends CouncilOptionsInput {
  question: string
  /** Every role uses this provider (no fallback); null: the tiers decide. */
  provider?: string | null
  /** Write the council to this file (refused when it exists); default: a new file in the folder. */
  out?: string
  /** The folder for a new file; default: the configured discussions folder. */
  dir?: string
}

/** Creates the council's discussion file and returns its path; calls no model. */
export async function createCouncil(engine: EngineContext, request: NewCouncil): Promise<string> {
  return (await writeCouncilFile(engine, request)).path
}

/**
 * Creates a council's file and runs it, with the role personas and templates read once (a run
 * of a file made elsewhere reads them itself); `onCreated` hears the path before any call.
 */
export async function createAndRunCouncil(
  engine: EngineContext,
  request: NewCouncil,
  options: Omit<CouncilRunOptions, 'file'> & {
    onCreated?: (file: string) => void
    caps?: RunCaps
  } = {},
): Promise<CouncilRunResult & { budgetStopped: boolean }> {
  const { onCreated, ...run } = options
  const { path, assets } = await writeCouncilFile(engine, request, run.caps ?? {})
  onCreated?.(path)
  return runCouncilFile(engine, path, run, assets)
}

/** Writes the council's file; with `caps`, only once the budget could start (nothing otherwise). */
async function writeCouncilFile(
  engine: EngineContext,
  request: NewCouncil,
  caps?: RunCaps,
): Promise<{ path: string; assets: CouncilAssets }> {
  const options = resolveCouncilOptions(request)
  const provider = request.provider ?? null
  const providers = await engine.providers()
  requireKnownProvider(provider, providers.available)
  const assets = await loadCouncilAssets(registryDirs(engine.projectRoot, engine.env), options.mode)
  if (caps) {
    const caller = councilCaller(providers, engine.config.council, {
      tier: options.tier,
      explicit: provider,
      persona: (call) => assets.persona(call.role),
    })
    await checkNewCouncilBudget(engine, caps, options, caller)
  }
  const members = rolesOf(options.mode).map((role) => admitName(assets.persona(role).name))
  const text = renderCouncilDiscussion(
    {
      options,
      provider: provider === null ? null : admitName(provider),
      question: admitTyped(request.question, 'The question'),
    },
    new Date(),
    members,
  )
  if (request.out !== undefined) {
    const path = resolve(engine.cwd, request.out)
    try {
      await createDurably(path, text, engine.store.boundaryOf(path))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new DiscussionError(
          `${request.out} already exists; \`discussions council resume ${request.out}\` continues a council, or choose another --out.`,
        )
      throw error
    }
    return { path, assets }
  }
  const folder = await outputFolder(engine, request.dir)
  const title = `council ${councilTitle(request.question)}`
  const root = engine.projectRoot ?? engine.cwd
  return { path: await createDiscussionFile(folder, title, text, root), assets }
}

/**
 * Runs (or resumes) the council in `file`: only the calls not yet in the file are made. `read`:
 * the assets of the council just created in it.
 */
export async function runCouncilFile(
  engine: EngineContext,
  file: string,
  options: Omit<CouncilRunOptions, 'file'> & { caps?: RunCaps } = {},
  read?: CouncilAssets,
): Promise<CouncilRunResult & { budgetStopped: boolean }> {
  const loaded = await engine.load(file)
  const settings = readCouncilSettings(loaded.parsed, file)
  const assets =
    read ??
    (await loadCouncilAssets(registryDirs(engine.projectRoot, engine.env), settings.options.mode))
  const caller = councilCaller(await engine.providers(), engine.config.council, {
    tier: settings.options.tier,
    explicit: settings.provider,
    persona: (call) => assets.persona(call.role),
  })
  const timeoutSeconds = engine.config.turns.timeout_seconds
  const { caps = {}, ...run } = options
  const budget = await councilBudget(engine, caps, loaded.parsed, settings.options, caller)
  const calls = budget
    ? budgetedCouncilCalls(
        engine,
        budget,
        caller.complete,
        (call) => assets.persona(call.role).name,
      )
    : undefined
  const result = await runCouncil(
    {
      ...(timeoutSeconds !== null ? { timeoutMs: timeoutSeconds * 1000 } : {}),
      ...run,
      file: loaded.path,
    },
    {
      store: engine.store,
      persona: assets.persona,
      template: assets.template,
      complete: calls?.complete ?? caller.complete,
      providerFor: caller.providerFor,
    },
  )
  await calls?.record(loaded.path)
  return { ...result, budgetStopped: budget?.ledger.stopped ?? false }
}

/** The council in `file` as its view shows it; a clear message for a file that is no council. */
export async function readCouncil(
  engine: EngineContext,
  file: string,
): Promise<CouncilView & { path: string }> {
  const loaded = await engine.load(file)
  return { ...describeCouncil(loaded.parsed, file), path: loaded.path }
}
