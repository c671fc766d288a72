/**
 * The engine as a library: configuration, registries and the file store for one working folder,
 * with every use case the CLI, the app and the library share (load, comment, advance, consensus,
 * turns, councils, debates). Each workflow is one method; the longer ones live in the modules
 * beside this file and the methods here only name them.
 */
import { isAbsolute, resolve } from 'node:path'

import type { DiscussionsConfig } from '../../core/config/schema.js'
import type { DiagramKind } from '../../core/diagrams/kinds.js'
import type { CouncilView } from '../../core/council/describe.js'
import type { CouncilRunResult } from '../../core/council/run-council.js'
import type { DebateOutcome, DebateState } from '../../core/debate/model.js'
import type { DebateRunResult } from '../../core/debate/run-debate.js'
import type { ProviderResult } from '../../core/providers/port.js'
import type { PersonaInput } from '../../core/personas/schema.js'
import { attachDiagram } from '../../core/diagrams/attach.js'
import type { CleanupResult } from '../diagrams/cleanup.js'
import type { ResolvedDiagram } from '../diagrams/confine.js'
import { plantUmlServerSetting } from '../diagrams/plantuml-server-setting.js'
import { saveNewDiagram } from '../diagrams/save-diagram.js'
import type { PlantUmlServerSetting } from '../diagrams/plantuml-server-setting.js'
import type { ProviderStatus } from '../providers/usable.js'
import type { DiscussionStatus } from '../../core/discussion/status.js'
import type { ParsedDiscussion, Vote } from '../../core/format/model.js'
import type { PromptPreview } from '../../core/turns/preview-turn.js'
import type { TurnResult } from '../../core/turns/run-turn.js'
import type { Selection } from '../../core/turns/select.js'
import type { TemplatePhase } from '../../core/templates/schema.js'
import { calculateConsensus } from '../../core/voting/consensus.js'
import type { ConsensusResult } from '../../core/voting/consensus.js'
import { registryDirs } from '../config/load-config.js'
import { defaultUserName } from '../config/user-name.js'
import { findTemplate, loadPersonas, loadTemplates, requireTemplate } from '../config/registry.js'
import type { PersonaRegistry, TemplateEntry, TemplateRegistry } from '../config/registry.js'
import type { LoadedProviders } from '../providers/load-providers.js'
import type { DiscussionFileStore } from '../store/discussion-store.js'
import type { AppendResult } from '../store/discussion-store.js'
import type { ArtifactResult, NewArtifact, OpenedDiagram } from './artifacts.js'
import type { SummarizeOptions, SummaryWritten } from './summarize.js'
import type { DiscussionSnapshot } from '../store/discussion-store.js'
import { prepareTurnIn, previewTurnIn } from './turns.js'
import type { RunEstimate } from './estimate-turn.js'
import type { EstimateBudget } from './estimate-budget.js'
import type { RunCaps } from './budget.js'
import type { FolderUsage } from './usage.js'
import type { PreparedTurn } from './turns.js'
import {
  advanceDiscussion,
  createDiscussion,
  loadDiscussion,
  loadDiscussionText,
  phaseOf,
  requireWritableDiscussion,
  statusOf,
} from './discussions.js'
import type {
  CouncilRun,
  DebateChoice,
  EngineTurnOptions,
  LoadedDiscussion,
  NewDiscussion,
} from './engine-types.js'
import type { PersonaTarget, SavedPersona } from './personas.js'
import type { NewCouncil } from './council.js'
import type { DebateRun, NewDebate } from './debate.js'
import type { EngineContext } from './engine-context.js'
import { personBody } from '../../core/format/comment-body.js'
import { admitTyped, admitTypedName } from '../../core/text/text.js'
import type {
  AdrExport,
  AdrOptions,
  GateOptions,
  GateResult,
  HtmlExport,
  HtmlOptions,
} from './export.js'

export type * from './engine-types.js'

export class Engine implements EngineContext {
  private personaRegistry: Promise<PersonaRegistry> | null = null
  private templateRegistry: Promise<TemplateRegistry> | null = null
  private loadedProviders: Promise<LoadedProviders> | null = null

  constructor(
    readonly config: DiscussionsConfig,
    readonly projectRoot: string | null,
    readonly store: DiscussionFileStore,
    readonly cwd: string,
    readonly env: NodeJS.ProcessEnv,
    /** The settings files the configuration was read from, the user's first (none: defaults). */
    readonly configFiles: readonly string[] = [],
  ) {}

  personas(): Promise<PersonaRegistry> {
    this.personaRegistry ??= loadPersonas(registryDirs(this.projectRoot, this.env))
    return this.personaRegistry
  }

  templates(): Promise<TemplateRegistry> {
    this.templateRegistry ??= loadTemplates(registryDirs(this.projectRoot, this.env))
    return this.templateRegistry
  }

  /** One template by name or alias (undefined: unknown or broken), reading only what it needs. */
  async template(name: string): Promise<TemplateEntry | undefined> {
    if (this.templateRegistry) return (await this.templateRegistry).get(name)
    return findTemplate(registryDirs(this.projectRoot, this.env), name)
  }

  /** Like `template`, but an unknown name or a broken file throws its ConfigError. */
  async requireTemplate(name: string): Promise<TemplateEntry> {
    if (this.templateRegistry) return (await this.templateRegistry).require(name)
    return requireTemplate(registryDirs(this.projectRoot, this.env), name)
  }

  /** The configured providers (user, project if trusted, the built-in demo), loaded once. */
  providers(): Promise<LoadedProviders> {
    // Loaded on first use, so the commands that call no model never load the provider code.
    this.loadedProviders ??= import('../providers/load-providers.js').then(({ loadProviders }) =>
      loadProviders({
        cwd: this.cwd,
        env: this.env,
        projectRoot: this.projectRoot,
        settings: this.config.providers,
      }),
    )
    return this.loadedProviders
  }

  /**
   * Asks the turn's participants (routing decides when none are named), appends each answer as it
   * completes, then applies the template's consensus and phase rules. Progress comes through
   * `onEvent`; `signal` cancels (what already arrived is kept). One failure never fails the rest.
   */
  async runTurn(path: string, options: EngineTurnOptions = {}): Promise<TurnResult> {
    return (await this.prepareTurn(path, options)).run()
  }

  /**
   * `runTurn` in two steps, for a caller that answers before the turn ends (the app): the
   * refusals first (a file that cannot be saved to, a name no persona answers to), then `run`.
   */
  prepareTurn(path: string, options: EngineTurnOptions = {}): Promise<PreparedTurn> {
    return prepareTurnIn(this, path, options)
  }

  /** Who a turn would ask and the exact prompt each would get; calls nobody. */
  previewTurn(
    path: string,
    options: Pick<EngineTurnOptions, 'participants' | 'callout'> = {},
  ): Promise<{ selection: Selection; prompts: PromptPreview[] }> {
    return previewTurnIn(this, path, options)
  }

  /** What a turn would cost, per persona and in all, before anyone is asked; calls nobody. */
  async estimateTurn(
    path: string,
    options: Pick<EngineTurnOptions, 'participants' | 'callout' | 'provider'> = {},
  ): Promise<RunEstimate> {
    const { estimateTurnIn } = await import('./estimate-turn.js')
    return estimateTurnIn(this, path, options)
  }

  /**
   * Writes `<name>.sum.md` beside the discussion: the structured state, and a summary written by
   * the moderator persona's provider (or `provider`). When no provider answers, the file is still
   * written, with the structured part complete, and `aiError` says why.
   */
  async summarize(path: string, options: SummarizeOptions = {}): Promise<SummaryWritten> {
    // Loaded when used, like councils: only `summarize` needs the summary's prompt and writer.
    const { summarize } = await import('./summarize.js')
    return summarize(this, path, options)
  }

  /** The folder new discussions go to and `list` reads by default. */
  get discussionsDir(): string {
    const output = this.config.output.directory
    return isAbsolute(output) ? output : resolve(this.projectRoot ?? this.cwd, output)
  }

  /** The name a human comment is signed with unless the person gives another (see user-name.ts). */
  get userName(): string {
    return defaultUserName({
      env: this.env,
      configured: this.config.user.name,
      cwd: this.projectRoot ?? this.cwd,
    })
  }

  load(path: string): Promise<LoadedDiscussion> {
    return loadDiscussion(this, path)
  }

  /** The discussion's text as `load` reads it, through the same door and errors, not parsed. */
  loadText(path: string): Promise<Omit<DiscussionSnapshot, 'parsed'>> {
    return loadDiscussionText(this, path)
  }

  /**
   * Refuses, before anything is asked or written, a file that is missing, is not a discussion, or
   * cannot be written (with `folder`: nor its folder, for header rewrites and summaries), and a
   * state folder that cannot hold the lock. Reads only the file's first bytes. Returns the path.
   */
  requireWritableDiscussion(path: string, options: { folder?: boolean } = {}): Promise<string> {
    return requireWritableDiscussion(this, path, options)
  }

  /**
   * Appends a person's comment; reads only the file's head and tail, so it costs the same on any
   * size. The text and name pass the door (`src/core/text`): text that is not text (NUL, bytes
   * that were not UTF-8) is refused with a `TextRefusedError` saying so, and a `VOTE:` line in it
   * counts, as it is the person's own block. A PlantUML block in it becomes a diagram file and a
   * `DIAGRAM:` line, as in an AI's answer.
   */
  async addComment(
    path: string,
    comment: { author?: string; text: string; vote?: Vote | null },
  ): Promise<AppendResult> {
    const author = admitTypedName(comment.author ?? this.userName, 'The author name')
    const typed = admitTyped(comment.text, 'The comment')
    const resolved = await this.requireWritableDiscussion(path)
    const body = personBody(
      await attachDiagram(typed, resolved, (file, source) => saveNewDiagram(file, source)),
    )
    return this.store.appendComment(resolved, { author, body, vote: comment.vote ?? null })
  }

  /** Moves to the template's next phase, or to `to`; returns both phases. */
  advance(path: string, to?: string): Promise<{ from: string; to: string }> {
    return advanceDiscussion(this, path, to)
  }

  /** Creates a discussion from a template (default: the configured one); returns its path. */
  create(request: NewDiscussion): Promise<string> {
    return createDiscussion(this, request)
  }

  /**
   * The discussion at a glance under the configured rules; the verdict knows whether the current
   * phase votes (from its template), so a phase that does not vote never reads "Consensus reached".
   */
  status(loaded: Pick<LoadedDiscussion, 'view'>): Promise<DiscussionStatus> {
    return statusOf(this, loaded)
  }

  /** A phase of a discussion's template (its first when `phase` is null); undefined if unknown. */
  phaseOf(templateName: string | null, phase: string | null): Promise<TemplatePhase | undefined> {
    return phaseOf(this, templateName, phase)
  }

  // Councils: advisors and a referee, or D/P groups and a meta-arbiter (docs/council.md).

  /** Writes a new council's file (settings in its header) and returns its path; calls nobody. */
  async createCouncil(request: NewCouncil): Promise<string> {
    // Councils and debates load when used, so the commands that need neither start light.
    const { createCouncil } = await import('./council.js')
    return createCouncil(this, request)
  }

  /** Creates a council and runs it; `onCreated` hears the new file's path before any call. */
  async council(
    request: NewCouncil,
    options: CouncilRun & { onCreated?: (file: string) => void } = {},
  ): Promise<CouncilRunResult & { budgetStopped: boolean }> {
    const { createAndRunCouncil } = await import('./council.js')
    return createAndRunCouncil(this, request, options)
  }

  /** What the discussions in `folder` have spent, by discussion, provider and persona. */
  async usage(folder: string): Promise<FolderUsage> {
    const { usageIn } = await import('./usage.js')
    return usageIn(this, folder)
  }

  /** What a council would cost, call by call, before it is created; calls nobody. */
  async estimateCouncil(request: NewCouncil): Promise<RunEstimate> {
    const { estimateCouncilIn } = await import('./estimate-council.js')
    return estimateCouncilIn(this, request)
  }

  /** What resuming the council in `file` would cost: only the calls left; calls nobody. */
  async estimateCouncilResume(file: string): Promise<RunEstimate> {
    const { estimateCouncilResumeIn } = await import('./estimate-council.js')
    return estimateCouncilResumeIn(this, file)
  }

  /** Runs the council in `file`, making only the calls its file does not hold yet. */
  async resumeCouncil(
    file: string,
    options: CouncilRun = {},
  ): Promise<CouncilRunResult & { budgetStopped: boolean }> {
    const { runCouncilFile } = await import('./council.js')
    return runCouncilFile(this, file, options)
  }

  /** The council in `file` as the app shows it: every call, the ranking, the synthesis, usage. */
  async readCouncil(file: string): Promise<CouncilView & { path: string }> {
    const { readCouncil } = await import('./council.js')
    return readCouncil(this, file)
  }

  // Debates: propose, critique, defend, vote; escalated to a human without a supermajority.

  /** Writes a new debate's file from the `debate` template and returns its path. */
  async createDebate(request: NewDebate): Promise<string> {
    const { createDebate } = await import('./debate.js')
    return createDebate(this, request)
  }

  /** Creates a debate and runs it; `onCreated` hears the new file's path before any call. */
  async debate(
    request: NewDebate,
    options: DebateRun & { onCreated?: (file: string) => void } = {},
  ): Promise<DebateRunResult & { file: string; budgetStopped: boolean }> {
    const { onCreated, ...run } = options
    const file = await this.createDebate(request)
    onCreated?.(file)
    return { file, ...(await this.resumeDebate(file, run)) }
  }

  /** What the debate in `file` may cost from where it stands, call by call; calls nobody. */
  async estimateDebate(file: string, options: { provider?: string } = {}): Promise<RunEstimate> {
    const { estimateDebateIn } = await import('./estimate-debate.js')
    return estimateDebateIn(this, file, options)
  }

  /** What a debate not written yet may cost (the app's dialog, before Start); calls nobody. */
  async estimateNewDebate(
    request: NewDebate,
    options: { provider?: string } = {},
  ): Promise<RunEstimate> {
    const { estimateNewDebateIn } = await import('./estimate-debate.js')
    return estimateNewDebateIn(this, request, options)
  }

  /**
   * Beside an estimate: the caps in force with `caps`, the settings' defaults, and why Start
   * would be refused (a dollar cap with a provider that has no `prices`), if it would.
   */
  async estimateBudget(
    estimate: RunEstimate,
    caps: RunCaps,
    parsed: ParsedDiscussion | null,
  ): Promise<EstimateBudget> {
    const { budgetOfEstimate } = await import('./estimate-budget.js')
    return budgetOfEstimate(this, estimate, caps, parsed)
  }

  /** Runs the debate in `file` until consensus or escalation, from where it stopped. */
  async resumeDebate(
    file: string,
    options: DebateRun = {},
  ): Promise<DebateRunResult & { budgetStopped: boolean }> {
    const { runDebateFile } = await import('./debate.js')
    return runDebateFile(this, file, options)
  }

  /** The debate in `file`; refuses a file that is not one, saying how to start one. */
  async readDebate(
    file: string,
  ): Promise<{ path: string; state: DebateState; parsed: ParsedDiscussion }> {
    const { loadDebate } = await import('./debate.js')
    return loadDebate(this, file)
  }

  /** Records the human's decision on an escalated debate (signed `by`, default `userName`). */
  async decideDebate(
    file: string,
    choice: DebateChoice,
    options: { by?: string; reason?: string } = {},
  ): Promise<DebateOutcome> {
    const { recordDecision } = await import('./debate.js')
    return recordDecision(this, file, choice, options)
  }

  /** Every debate in `folder` (default: the discussions folder), for the statistics. */
  async debates(folder?: string): Promise<{ path: string; state: DebateState }[]> {
    const { debatesIn } = await import('./debate.js')
    return debatesIn(folder !== undefined ? resolve(this.cwd, folder) : this.discussionsDir)
  }

  // Diagrams and artifacts (docs/diagrams.md).

  /** A `DIAGRAM:` reference of `discussion`, confined to `roots` (default: the project). */
  async resolveDiagram(
    discussion: string,
    ref: string,
    roots?: readonly string[],
  ): Promise<ResolvedDiagram> {
    const { resolveDiagram } = await import('./diagrams.js')
    return resolveDiagram(this, discussion, ref, roots)
  }

  /**
   * Saves a diagram: a new file in `diagrams/` beside the discussion when `ref` is absent, else
   * the existing one `ref` names (confined, same kind). Returns its reference and path.
   */
  async saveDiagram(request: {
    discussion: string
    source: string
    kind: DiagramKind
    ref?: string
    roots?: readonly string[]
  }): Promise<{ ref: string; file: string }> {
    const { saveDiagram } = await import('./diagrams.js')
    return saveDiagram(this, request)
  }

  /** The PlantUML server diagrams may go to: a project's own only once it is trusted. */
  plantUmlServer(): Promise<PlantUmlServerSetting> {
    return plantUmlServerSetting(this.config.plantuml_server, this.projectRoot, this.env)
  }

  /** Diagram files under `root` (default: the project) that nothing references. */
  async findOrphanDiagrams(
    root?: string,
  ): Promise<{ root: string; orphans: string[]; scanned: number }> {
    const { findOrphanDiagrams } = await import('./diagrams.js')
    return findOrphanDiagrams(this, root)
  }

  /** Deletes those of `files` a fresh scan still finds orphaned; the rest are kept. */
  async deleteOrphanDiagrams(root: string, files: readonly string[]): Promise<CleanupResult> {
    const { deleteOrphanDiagrams } = await import('./diagrams.js')
    return deleteOrphanDiagrams(this, root, files)
  }

  /** Runs the artifact editor for a new diagram of a discussion, or says to fall back. */
  async newArtifact(request: NewArtifact): Promise<ArtifactResult> {
    const { newArtifact } = await import('./artifacts.js')
    return newArtifact(this, request)
  }

  /** Opens an existing diagram in the configured artifact editor, or says to use the built-in one. */
  async openDiagramInEditor(request: {
    discussion: string
    file: string
    roots: readonly string[]
  }): Promise<OpenedDiagram> {
    const { openDiagramInEditor } = await import('./artifacts.js')
    return openDiagramInEditor(this, request)
  }

  /** The headless fallback: `$VISUAL`/`$EDITOR` on a new diagram at `target`; its reference. */
  async editArtifactInTerminal(
    discussion: string,
    target: string,
    hasTerminal: boolean,
  ): Promise<string> {
    const { editArtifactInTerminal } = await import('./artifacts.js')
    return editArtifactInTerminal(this, discussion, target, hasTerminal)
  }

  // Providers and personas (docs/providers.md).

  /** Every configured provider and whether it can answer now (`probe`: ask HTTP endpoints). */
  async providerStatuses(
    options: { probe?: boolean; probeTimeoutMs?: number } = {},
  ): Promise<ProviderStatus[]> {
    const { listProviders } = await import('./providers.js')
    return listProviders(this, options)
  }

  /** Sends one short test prompt to the provider `name`, without fallback. */
  async testProvider(
    name: string,
    options: { timeoutMs?: number; signal?: AbortSignal; onText?: (text: string) => void } = {},
  ): Promise<ProviderResult> {
    const { testProvider } = await import('./providers.js')
    return testProvider(this, name, options)
  }

  /** Makes `name` the default provider in the user's settings; returns the file written. */
  async setDefaultProvider(name: string): Promise<string> {
    const { setDefaultProvider } = await import('./providers.js')
    return setDefaultProvider(this, name)
  }

  /** Trusts (true) or stops trusting the project's own providers; false when nothing changed. */
  async trustProject(trust: boolean): Promise<boolean> {
    const { trustTheProject } = await import('./providers.js')
    return trustTheProject(this, trust)
  }

  /** Saves a persona to the user's folder or the project's; returns where it went. */
  async savePersona(persona: PersonaInput, target: PersonaTarget): Promise<SavedPersona> {
    const { savePersona } = await import('./personas.js')
    return savePersona(this, persona, target)
  }

  /** Deletes a user's or project's persona file; returns the file. */
  async deletePersona(alias: string): Promise<string> {
    const { deletePersona } = await import('./personas.js')
    return deletePersona(this, alias)
  }

  // Decisions leaving the discussion: ADRs, an HTML page, the CI gate (docs/export.md, docs/ci.md).

  /** Writes the discussion's decision as an ADR (madr, adr-tools or log4brains) in the project. */
  async exportAdr(path: string, options: AdrOptions = {}): Promise<AdrExport> {
    const { exportAdr } = await import('./export.js')
    return exportAdr(this, path, options)
  }

  /** Writes the discussion as one self-contained HTML page (beside it by default). */
  async exportHtml(path: string, options: HtmlOptions = {}): Promise<HtmlExport> {
    const { exportHtml } = await import('./export.js')
    return exportHtml(this, path, options)
  }

  /** Each file's verdict for a CI gate: ready only on a human-approved READY consensus. */
  async gate(files: readonly string[], options: GateOptions = {}): Promise<GateResult[]> {
    const { gate } = await import('./export.js')
    return gate(this, files, options)
  }

  /** The consensus state of the current phase under the configured rules. */
  async consensus(path: string): Promise<ConsensusResult> {
    const { view } = await this.load(path)
    return calculateConsensus(view.votes, this.config.consensus)
  }
}
