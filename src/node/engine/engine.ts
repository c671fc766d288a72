/**
 * The engine as a library: configuration, registries and the file store for one working folder,
 * with the operations the CLI and the app share (load, comment, advance, consensus, turns).
 */
import { userInfo } from 'node:os'
import { isAbsolute, resolve } from 'node:path'

import type { DiscussionsConfig } from '../../core/config/schema.js'
import { renderNewDiscussion } from '../../core/discussion/create.js'
import { describeDiscussion } from '../../core/discussion/describe.js'
import type { DiscussionView } from '../../core/discussion/describe.js'
import { currentPhase } from '../../core/discussion/describe.js'
import { DiscussionError } from '../../core/errors.js'
import { headerValue } from '../../core/format/headers.js'
import type { Vote } from '../../core/format/model.js'
import { findPhase, initialPhase, nextPhase } from '../../core/templates/phases.js'
import { calculateConsensus } from '../../core/voting/consensus.js'
import type { ConsensusResult } from '../../core/voting/consensus.js'
import { loadConfig, registryDirs } from '../config/load-config.js'
import { loadPersonas, loadTemplates } from '../config/registry.js'
import type { PersonaRegistry, TemplateRegistry } from '../config/registry.js'
import { createDiscussionFile } from '../store/discussion-folder.js'
import { DiscussionFileStore } from '../store/discussion-store.js'
import type { AppendResult, DiscussionSnapshot } from '../store/discussion-store.js'
import { stateDir } from '../store/state-dir.js'

export interface EngineOptions {
  /** The working folder: the project is found from it (default: process.cwd()). */
  cwd?: string
  env?: NodeJS.ProcessEnv
}

export interface LoadedDiscussion extends DiscussionSnapshot {
  view: DiscussionView
}

export class Engine {
  private personaRegistry: Promise<PersonaRegistry> | null = null
  private templateRegistry: Promise<TemplateRegistry> | null = null

  constructor(
    readonly config: DiscussionsConfig,
    readonly projectRoot: string | null,
    readonly store: DiscussionFileStore,
    readonly cwd: string,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  personas(): Promise<PersonaRegistry> {
    this.personaRegistry ??= loadPersonas(registryDirs(this.projectRoot, this.env))
    return this.personaRegistry
  }

  templates(): Promise<TemplateRegistry> {
    this.templateRegistry ??= loadTemplates(registryDirs(this.projectRoot, this.env))
    return this.templateRegistry
  }

  /** The folder new discussions go to and `list` reads by default. */
  get discussionsDir(): string {
    const output = this.config.output.directory
    return isAbsolute(output) ? output : resolve(this.projectRoot ?? this.cwd, output)
  }

  /** The name a human comment is signed with: `user.name`, `$DISCUSSIONS_USER`, the login name. */
  get userName(): string {
    if (this.config.user.name) return this.config.user.name
    if (this.env.DISCUSSIONS_USER) return this.env.DISCUSSIONS_USER
    try {
      return userInfo().username || 'Human'
    } catch {
      return 'Human'
    }
  }

  async load(path: string): Promise<LoadedDiscussion> {
    let snapshot: DiscussionSnapshot
    try {
      snapshot = await this.store.read(resolve(this.cwd, path))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT')
        throw new DiscussionError(
          `${path}: no such file. \`discussions list\` shows the discussions here.`,
        )
      if (code === 'EISDIR')
        throw new DiscussionError(`${path}: is a folder, not a discussion file.`)
      throw error
    }
    return { ...snapshot, view: describeDiscussion(snapshot.parsed) }
  }

  async addComment(
    path: string,
    comment: { author?: string; text: string; vote?: Vote | null },
  ): Promise<AppendResult> {
    const loaded = await this.load(path) // a clear message for a missing file
    return this.store.appendComment(loaded.path, {
      author: comment.author ?? this.userName,
      text: comment.text,
      vote: comment.vote ?? null,
    })
  }

  /** Moves to the template's next phase, or to `to`; returns both phases. */
  async advance(path: string, to?: string): Promise<{ from: string; to: string }> {
    const loaded = await this.load(path)
    const templateName = headerValue(loaded.parsed, 'Template')
    if (!templateName)
      throw new DiscussionError(
        `${path} names no template (<!-- Template: ... -->), so its phases are unknown.`,
      )
    const { template } = (await this.templates()).require(templateName)
    const from = currentPhase(loaded.parsed) ?? initialPhase(template).id
    const valid = template.phases.map((phase) => phase.id).join(', ')
    let target: string
    if (to !== undefined) {
      const phase = findPhase(template, to)
      if (!phase)
        throw new DiscussionError(
          `"${to}" is not a phase of ${template.name}; valid phases: ${valid}.`,
        )
      target = phase.id
    } else {
      const next = nextPhase(template, from)
      if (!next)
        throw new DiscussionError(
          `"${from}" is the last phase of ${template.name}; give --to PHASE to move elsewhere (${valid}).`,
        )
      target = next.id
    }
    if (target === from)
      throw new DiscussionError(`The discussion is already in phase "${target}".`)
    await this.store.recordPhaseTransition(loaded.path, from, target)
    return { from, to: target }
  }

  /** Creates a discussion from a template (default: the configured one); returns its path. */
  async create(request: {
    title: string
    template?: string
    participants?: readonly string[]
    context?: string
    dir?: string
  }): Promise<string> {
    if (request.title.trim() === '')
      throw new DiscussionError('The title is empty; give the discussion a name.')
    const { template } = (await this.templates()).require(
      request.template ?? this.config.default_template,
    )
    const participants =
      request.participants && request.participants.length > 0
        ? [...request.participants]
        : template.participants.length > 0
          ? template.participants
          : this.config.default_participants
    const personas = await this.personas()
    for (const alias of participants) personas.require(alias)
    const text = renderNewDiscussion({
      title: request.title,
      template: template.name,
      phase: initialPhase(template).id,
      status: template.status,
      participants,
      context: request.context ?? '',
      created: new Date(),
      skeleton: template.skeleton,
    })
    const folder = request.dir ? resolve(this.cwd, request.dir) : this.discussionsDir
    return createDiscussionFile(folder, request.title, text)
  }

  /** The consensus state of the current phase under the configured rules. */
  async consensus(path: string): Promise<ConsensusResult> {
    const { view } = await this.load(path)
    return calculateConsensus(view.votes, this.config.consensus)
  }
}

export async function openEngine(options: EngineOptions = {}): Promise<Engine> {
  const cwd = options.cwd ?? process.cwd()
  const env = options.env ?? process.env
  const { config, projectRoot } = await loadConfig({ cwd, env })
  return new Engine(
    config,
    projectRoot,
    new DiscussionFileStore({ stateDir: stateDir(env) }),
    cwd,
    env,
  )
}
