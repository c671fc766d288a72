/**
 * What the screens ask of the engine, in one place: list a folder, open a discussion with its
 * status and the roles of its authors, the phase an advance would move to, the diagrams' sources
 * (confined to the discussion's folder), their text art, and reading aloud.
 */
import { readFile } from 'node:fs/promises'
import { basename, dirname, relative, resolve, sep } from 'node:path'

import type { DiscussionStatus } from '../core/discussion/status.js'
import { describeDiscussion } from '../core/discussion/describe.js'
import type { DiscussionView } from '../core/discussion/describe.js'
import { parseDiscussion } from '../core/format/parse.js'
import { unknownProviderError } from '../core/providers/known-provider.js'
import { resolveChain } from '../core/providers/resolve-chain.js'
import type { SearchResults } from '../core/search/search.js'
import { initialPhase, nextPhase } from '../core/templates/phases.js'
import { diagramSlug, fileTime } from '../core/diagrams/extract.js'
import {
  AppendJournal,
  findSpeechProgram,
  FolderSearch,
  listDiscussions,
  lostEntries,
  lostPhase,
  PlantUmlRenderer,
  ReadMarks,
  restoreLostChanges,
  SPEECH_INSTALL_HINT,
  Speaker,
  stateDir,
} from '../node/engine/index.js'
import type { DiscussionListing, Engine, LostPhase } from '../node/engine/index.js'
import { describeOffThread } from './describe-off-thread.js'
import type { OffThread } from './describe-off-thread.js'
import { previewKind } from './view-model/diagrams.js'
import { discussionHead, HEAD_CHARS } from './view-model/discussion-head.js'
import type { PreviewKind } from './view-model/diagrams.js'

export interface OpenDiscussion {
  path: string
  text: string
  view: DiscussionView
  status: DiscussionStatus
  /** Lower-cased author name or alias -> the persona's role. */
  roles: Map<string, string>
  /**
   * False while only the head of a long file is shown (its first comments, cut where one ends),
   * the rest still being parsed: `text`, `view` and `status` are then the head's.
   */
  complete: boolean
}

/** An open that `stopOpening` ended before it finished. */
export class OpeningStopped extends Error {
  constructor() {
    super('Opening the discussion was stopped.')
  }
}

export interface DiagramPreview {
  path: string
  kind: PreviewKind
  /** Text art, the source, or why neither could be shown. */
  text: string
  error: boolean
}

/** What an older copy saved over a discussion took away from what this program appended. */
export interface LostChanges {
  path: string
  /** Authors of the comments missing from the file, oldest first. */
  authors: string[]
  /** The phase change the old copy undid; `restored: false` when the file has moved on since. */
  phase: LostPhase | null
  /** Tells this loss apart from a later one, so a declined restore is not asked again. */
  key: string
}

export interface SessionOptions {
  /**
   * The folders a speech program is looked for in; default the folders of `PATH`. An empty list
   * finds none (the entry point takes it from `DISCUSSIONS_SPEECH_PATH`).
   */
  speechFolders?: readonly string[]
}

const MAX_DIAGRAM_BYTES = 200_000

export class TuiSession {
  readonly #renderer: PlantUmlRenderer
  readonly #journal: AppendJournal
  readonly #readMarks: ReadMarks
  #speaker: Speaker | null | undefined
  #parsing: OffThread<DiscussionView> | null = null
  readonly #search = new FolderSearch()
  // Counts `stopOpening`s: an open that began before the last one starts no parse.
  #openings = 0

  constructor(
    readonly engine: Engine,
    readonly folder: string,
    private readonly options: SessionOptions = {},
  ) {
    this.#renderer = new PlantUmlRenderer({ env: engine.env })
    // The journal the engine's store records every append in (same state folder).
    this.#journal = new AppendJournal(stateDir(engine.env))
    this.#readMarks = ReadMarks.inStateFolder(stateDir(engine.env))
  }

  /** How many comments `path` had when this person last read it; null when they never did. */
  readMark(path: string): Promise<number | null> {
    return this.#readMarks.get(this.engine.userName, path)
  }

  /** What this person had read of each of `paths` (null: never read). */
  readMarks(paths: readonly string[]): Promise<Map<string, number | null>> {
    return this.#readMarks.getMany(this.engine.userName, paths)
  }

  /** Keeps `count` comments of `path` as read by this person (what "first unread" starts from). */
  markRead(path: string, count: number): Promise<void> {
    return this.#readMarks.set(this.engine.userName, path, count)
  }

  /**
   * What of this program's appends (comments, answers, phase changes) is missing from `open`'s
   * text, from the journal; null when nothing is. Reads only: `restore` puts them back.
   */
  async lostChanges(open: OpenDiscussion): Promise<LostChanges | null> {
    const entries = await this.#journal.entries(open.path)
    if (entries.length === 0) return null
    const comments = lostEntries(open.text, entries)
    const phase = lostPhase(open.text, entries)
    if (comments.length === 0 && phase === null) return null
    return {
      path: open.path,
      authors: comments.map((entry) => entry.author),
      phase,
      key: [...comments.map((entry) => entry.at), phase?.at ?? ''].join(','),
    }
  }

  /** Appends the lost comments again and makes the lost phase change again (when it can). */
  async restore(path: string): Promise<LostChanges> {
    const { comments, phase } = await restoreLostChanges(this.engine.store, this.#journal, path)
    return { path, authors: comments.map((entry) => entry.author), phase, key: '' }
  }

  /** The name a new diagram of the discussion is proposed under (`<title>-<time>.puml`). */
  proposedDiagramName(open: OpenDiscussion, now = new Date()): string {
    const slug = diagramSlug(basename(open.path).replace(/\.md$/i, '')) || 'diagram'
    return `${slug}-${fileTime(now)}.puml`
  }

  list(): Promise<DiscussionListing[]> {
    return listDiscussions(this.folder)
  }

  /**
   * Full-text search over the folder, as `discussions search` does (core search); the files'
   * searchable units are kept between keystrokes while each file is unchanged.
   */
  search(query: string): Promise<SearchResults> {
    return this.#search.search(this.folder, query)
  }

  /**
   * Opens the discussion at `path`. A long one is parsed on a worker thread, and `onHead` hears
   * its head first (parsed here, in milliseconds) so the first screen shows at once; the promise
   * settles with the whole discussion. Opening another, or `stopOpening`, ends the parse (the
   * promise then rejects with OpeningStopped, or never settles).
   */
  async open(path: string, onHead?: (head: OpenDiscussion) => void): Promise<OpenDiscussion> {
    this.stopOpening()
    const opening = this.#openings
    const loaded = await this.engine.loadText(path)
    const roles = await this.#roles()
    const opened = async (text: string, view: DiscussionView, complete: boolean) => ({
      path: loaded.path,
      text,
      view,
      status: await this.engine.status({ view }),
      roles,
      complete,
    })
    const head = discussionHead(loaded.text)
    if (loaded.text.length <= HEAD_CHARS || head?.length === loaded.text.length)
      return opened(loaded.text, describeDiscussion(parseDiscussion(loaded.text)), true)
    // The head is drawn before the text is handed to the worker (copying 50 MB to it takes a
    // moment of the main thread's).
    if (head !== null && onHead)
      onHead(await opened(head, describeDiscussion(parseDiscussion(head)), false))
    if (opening !== this.#openings) throw new OpeningStopped()
    const parsing = describeOffThread(loaded.text)
    this.#parsing = parsing
    const view = await parsing.result
    if (this.#parsing === parsing) this.#parsing = null
    return opened(loaded.text, view, true)
  }

  /** Ends the parse of a long discussion still opening, if any (its `open` then never settles). */
  stopOpening(): void {
    this.#openings += 1
    this.#parsing?.cancel()
    this.#parsing = null
  }

  /** Lower-cased author name or alias -> the persona's role. */
  async #roles(): Promise<Map<string, string>> {
    const roles = new Map<string, string>()
    try {
      for (const { persona } of (await this.engine.personas()).list()) {
        roles.set(persona.name.toLowerCase(), persona.role)
        roles.set(persona.alias.toLowerCase(), persona.role)
      }
    } catch {
      // Broken personas leave authors without roles; the discussion still reads.
    }
    return roles
  }

  /**
   * The providers a turn tries for each of `aliases`, in order (the persona's hint, the default,
   * the fallback); an empty list when it cannot be known (broken settings say so when the turn runs).
   */
  async providerChains(aliases: readonly string[], explicit = ''): Promise<Map<string, string[]>> {
    const chains = new Map<string, string[]>()
    try {
      const [loaded, personas] = await Promise.all([
        this.engine.providers(),
        this.engine.personas(),
      ])
      const hints = new Map(
        personas.list().map(({ persona }) => [persona.alias.toLowerCase(), persona.provider_hint]),
      )
      for (const alias of aliases) {
        const spec = {
          explicit: explicit === '' ? null : explicit,
          personaHint: hints.get(alias.toLowerCase()) ?? null,
          defaultName: loaded.defaultName,
          fallback: loaded.fallback,
        }
        chains.set(
          alias,
          resolveChain(spec, loaded.available).chain.map((entry) => entry.name),
        )
      }
    } catch {
      // The turn itself reports broken settings; the screen just shows no chain.
    }
    return chains
  }

  /** Every persona's alias, sorted; none when the personas cannot be read (a turn says why). */
  async personaAliases(): Promise<string[]> {
    try {
      return (await this.engine.personas())
        .list()
        .map(({ persona }) => persona.alias)
        .sort()
    } catch {
      return []
    }
  }

  /**
   * Why a turn through provider `name` is refused before anything is called (no provider has
   * that name: the message names the one meant), as the CLI's `--provider` says it; null when it
   * is configured, or when `name` is empty (each persona's own chain).
   */
  async providerRefusal(name: string): Promise<string | null> {
    if (name === '') return null
    try {
      return (
        unknownProviderError(name, (await this.engine.providers()).available.keys())?.message ??
        null
      )
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  }

  /** The phase `advance` would move to, or why it cannot. */
  async nextPhase(open: OpenDiscussion): Promise<{ from: string; to: string } | { error: string }> {
    const name = open.view.template
    if (!name) return { error: 'This discussion names no template, so its phases are unknown.' }
    const entry = await this.engine.template(name)
    if (!entry) return { error: `The template "${name}" is not installed.` }
    const from = open.view.phase ?? initialPhase(entry.template).id
    const next = nextPhase(entry.template, from)
    if (!next) return { error: `"${from}" is the last phase of ${entry.template.name}.` }
    return { from, to: next.id }
  }

  /** The diagram's file inside the discussion's folder; null when it points outside it. */
  diagramFile(open: OpenDiscussion, diagram: string): string | null {
    const folder = dirname(open.path)
    const file = resolve(folder, diagram)
    const inside = relative(folder, file)
    if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) return null
    return file
  }

  async preview(open: OpenDiscussion, diagram: string): Promise<DiagramPreview> {
    const file = this.diagramFile(open, diagram)
    if (!file)
      return {
        path: diagram,
        kind: 'source',
        text: 'Refused: this diagram points outside the discussion folder.',
        error: true,
      }
    let source: string
    try {
      source = await readFile(file, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      return {
        path: diagram,
        kind: 'source',
        text: code === 'ENOENT' ? `${diagram}: no such file.` : `${diagram}: cannot be read.`,
        error: true,
      }
    }
    if (source.length > MAX_DIAGRAM_BYTES)
      return {
        path: diagram,
        kind: 'source',
        text: 'The diagram is too large to show.',
        error: true,
      }
    const kind = previewKind(diagram, source)
    if (kind === 'source') return { path: diagram, kind, text: source, error: false }
    const art = await this.#renderer.renderText(source)
    if (art.ok) return { path: diagram, kind, text: art.text, error: false }
    return {
      path: diagram,
      kind: 'source',
      text: `${art.error}${art.line ? ` (line ${art.line})` : ''}\n\n${source}`,
      error: false,
    }
  }

  /**
   * Reads the text aloud; says how to get a speaker when there is none. `onFailure` hears, once
   * the program has ended, why nothing was heard (a failed or silent speech program).
   */
  speak(text: string, onFailure: (message: string) => void): string {
    if (this.#speaker === undefined) {
      const program = findSpeechProgram(
        this.engine.env,
        ...(this.options.speechFolders ? [this.options.speechFolders] : []),
      )
      this.#speaker = program ? new Speaker(program, this.engine.env) : null
    }
    if (!this.#speaker) return SPEECH_INSTALL_HINT
    this.#speaker.say(text).then(
      ({ failure }) => {
        if (failure !== null) onFailure(`Could not read aloud: ${failure}`)
      },
      (error: unknown) =>
        onFailure(
          `Could not read aloud: ${error instanceof Error ? error.message : String(error)}`,
        ),
    )
    return 'Reading aloud… (l again stops)'
  }

  stopSpeaking(): boolean {
    return this.#speaker?.stop() ?? false
  }
}

export function roleOf(open: OpenDiscussion): (author: string) => string | null {
  return (author) => {
    const key = author.toLowerCase()
    return (
      open.roles.get(key) ??
      open.roles.get(key.replace(/^ai-/, '')) ??
      (key.startsWith('ai-') ? null : 'human')
    )
  }
}
