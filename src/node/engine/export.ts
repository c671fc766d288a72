/**
 * Decisions leaving the discussion (docs/export.md, docs/ci.md): an ADR in the folder a team's
 * ADR tool reads, one self-contained HTML page, and the gate a CI job runs. The decision is built
 * once, in core (`buildDecisionRecord`), from the parsed file; each output renders it. Files are
 * written only through the confined write, inside the project, never over one without `force`.
 */
import { readdir } from 'node:fs/promises'
import { basename, join, relative, resolve, sep } from 'node:path'

import type { DiagramRenderer } from '../../core/diagrams/port.js'
import { adrName } from '../../core/export/adr-names.js'
import type { AdrFlavor } from '../../core/export/adr-names.js'
import { renderAdrTools } from '../../core/export/adr-tools.js'
import { buildDecisionRecord, decisionTitle } from '../../core/export/decision-record.js'
import type { DecisionRecord, DecisionStatus } from '../../core/export/decision-record.js'
import { countedHumanVotes, gateVerdict } from '../../core/export/gate.js'
import type { GateVerdict } from '../../core/export/gate.js'
import { renderLog4brains } from '../../core/export/log4brains.js'
import { renderMadr } from '../../core/export/madr.js'
import type { Template } from '../../core/templates/schema.js'
import { PlantUmlRenderer } from '../diagrams/plantuml-renderer.js'
import { adrFolder } from '../export/adr-folder.js'
import { committedAuthors, GitHistoryError } from '../export/git-authors.js'
import { renderHtmlPage } from '../export/html-page.js'
import { pageDiagrams } from '../export/page-diagrams.js'
import { ExportExistsError, writeExport } from '../export/write-export.js'
import { readFileKind, requireDiscussionFile } from '../store/discussion-kind.js'
import type { FileKind } from '../store/discussion-kind.js'
import type { Engine } from './engine.js'
import type { LoadedDiscussion } from './engine-types.js'

export interface ExportTarget {
  /** Replace a file that is there (the record of the same title, or the page). */
  force?: boolean
  /** The folder every write must stay inside (default: the project, else the working folder). */
  root?: string
  /** The day the export is made (default: now). */
  now?: Date
}

export interface AdrOptions extends ExportTarget {
  flavor?: AdrFlavor
  /** The records' folder (relative to the working folder); default: the flavour's own. */
  dir?: string
}

export interface AdrExport {
  file: string
  flavor: AdrFlavor
  title: string
  status: DecisionStatus
  /** The record's number (madr, adr-tools); null for log4brains' dated names. */
  number: number | null
  /** True when it replaced the record of the same title. */
  replaced: boolean
}

export interface HtmlOptions extends ExportTarget {
  /** The page's path (relative to the working folder); default: beside the discussion, `.html`. */
  out?: string
  /** The folders diagrams may be read from (default: the project). */
  diagramRoots?: readonly string[]
  /** How PlantUML diagrams are drawn (default: the program's sandboxed PlantUML). */
  renderer?: DiagramRenderer
}

export interface HtmlExport {
  file: string
  /** True when it replaced a page that was there. */
  replaced: boolean
  diagrams: number
  /** Diagrams shown as their source or a note instead of a picture. */
  undrawn: number
}

/** `2026-11-02`, in the local time of the person exporting. */
function isoDay(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

const linkPath = (from: string, to: string): string => relative(from, to).split(sep).join('/')

async function templateOf(engine: Engine, name: string | null): Promise<Template | null> {
  if (!name) return null
  try {
    return (await engine.template(name))?.template ?? null
  } catch {
    return null // a broken template: the verdict reads as if the phase votes
  }
}

/** Loads a discussion, refusing (before reading it whole) a file that is not one. */
async function loadDiscussionFile(engine: Engine, path: string): Promise<LoadedDiscussion> {
  try {
    await requireDiscussionFile(resolve(engine.cwd, path), path)
  } catch (error) {
    // A missing file or a folder: the load says so in the words every command uses.
    if ((error as NodeJS.ErrnoException).code !== undefined) await engine.load(path)
    throw error
  }
  return engine.load(path)
}

async function decisionOf(
  engine: Engine,
  loaded: LoadedDiscussion,
  date: string,
  source: string,
): Promise<DecisionRecord> {
  return buildDecisionRecord({
    parsed: loaded.parsed,
    template: await templateOf(engine, loaded.view.template),
    consensus: engine.config.consensus,
    date,
    source,
  })
}

async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

export async function exportAdr(
  engine: Engine,
  path: string,
  options: AdrOptions = {},
): Promise<AdrExport> {
  const loaded = await loadDiscussionFile(engine, path)
  const flavor = options.flavor ?? 'madr'
  const root = options.root ?? engine.projectRoot ?? engine.cwd
  const folder = options.dir
    ? resolve(engine.cwd, options.dir)
    : adrFolder(flavor, root, engine.cwd)
  const date = isoDay(options.now ?? new Date())
  const title = decisionTitle(loaded.view.title)
  const name = adrName(flavor, title, await namesIn(folder), date)
  const file = join(folder, name.name)
  if (name.existing && !options.force)
    throw new ExportExistsError(
      file,
      `${file}: already records "${title}"; not replaced. Give --force to replace it, or --dir for another folder.`,
    )
  const record = await decisionOf(engine, loaded, date, linkPath(folder, loaded.path))
  const text =
    flavor === 'madr'
      ? renderMadr(record)
      : flavor === 'adr-tools'
        ? renderAdrTools(record, name.number ?? 1)
        : renderLog4brains(record)
  await writeExport(file, text, root, { force: options.force === true })
  return {
    file,
    flavor,
    title,
    status: record.status,
    number: name.number,
    replaced: name.existing,
  }
}

export async function exportHtml(
  engine: Engine,
  path: string,
  options: HtmlOptions = {},
): Promise<HtmlExport> {
  const loaded = await loadDiscussionFile(engine, path)
  const root = options.root ?? engine.projectRoot ?? engine.cwd
  const file = options.out
    ? resolve(engine.cwd, options.out)
    : loaded.path.replace(/(\.md)?$/i, '.html')
  const now = options.now ?? new Date()
  const renderer =
    options.renderer ??
    new PlantUmlRenderer({ env: engine.env, server: (await engine.plantUmlServer()).server })
  const diagrams = await pageDiagrams(loaded.parsed.comments, {
    resolve: (ref) => engine.resolveDiagram(loaded.path, ref, options.diagramRoots),
    renderer,
  })
  const record = await decisionOf(engine, loaded, isoDay(now), basename(loaded.path))
  const html = renderHtmlPage({
    parsed: loaded.parsed,
    view: loaded.view,
    record,
    fileName: basename(loaded.path),
    exported: isoDay(now),
    diagrams,
  })
  const { replaced } = await writeExport(file, html, root, { force: options.force === true })
  const all = [...diagrams.values()].flat()
  return { file, replaced, diagrams: all.length, undrawn: all.filter((d) => d.svg === null).length }
}

export interface GateOptions {
  /** Check with git that each counted human vote was committed by a person of that name. */
  git?: boolean
}

export type GateResult =
  | ({ file: string; discussion: true; ready: boolean; reason: string } & Omit<
      GateVerdict,
      'ready' | 'reason'
    >)
  | { file: string; discussion: false; ready: false; reason: string }

/** The human votes the verdict counts, checked against who committed their lines. */
async function gitProblem(engine: Engine, loaded: LoadedDiscussion): Promise<string | null> {
  const votes = countedHumanVotes(loaded.parsed)
  const lines = votes.flatMap((v) =>
    v.voteLine === null ? [v.nameLine] : [v.nameLine, v.voteLine],
  )
  let authors: Map<number, string>
  try {
    authors = await committedAuthors(loaded.path, lines, engine.env)
  } catch (error) {
    if (error instanceof GitHistoryError) return `--git: the file ${error.message}`
    throw error
  }
  const same = (a: string, b: string): boolean =>
    a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase()
  for (const vote of votes) {
    for (const line of vote.voteLine === null ? [vote.nameLine] : [vote.nameLine, vote.voteLine]) {
      const author = authors.get(line) ?? ''
      if (!same(author, vote.name))
        return `--git: ${vote.name}'s ${vote.vote} (line ${line}) was committed by ${author || 'nobody known'}, not by ${vote.name}`
    }
  }
  return null
}

export async function gate(
  engine: Engine,
  files: readonly string[],
  options: GateOptions = {},
): Promise<GateResult[]> {
  const results: GateResult[] = []
  for (const file of files) {
    const problem = await notADiscussion(engine, file)
    if (problem) {
      results.push({ file, discussion: false, ready: false, reason: problem })
      continue
    }
    const loaded = await engine.load(file)
    const name = loaded.view.template
    const template = await templateOf(engine, name)
    const verdict = gateVerdict(loaded.view, template, engine.config.consensus)
    let { ready, reason } = verdict
    if (name && !template) {
      ready = false
      reason = `its template "${name}" is not known here, so which phases vote is unknown (\`discussions templates\` lists them)`
    } else if (ready && options.git) {
      const refused = await gitProblem(engine, loaded)
      if (refused) {
        ready = false
        reason = refused
      }
    }
    results.push({ ...verdict, file, discussion: true, ready, reason })
  }
  return results
}

const KIND_WORDS: Record<Exclude<FileKind, 'discussion'>, string> = {
  empty: 'the file is empty',
  binary: 'it looks like a binary file',
  json: 'it looks like JSON',
  yaml: 'it looks like YAML',
  markdown: 'markdown without the <!-- DISCUSSION --> header',
  text: 'text without the <!-- DISCUSSION --> header',
}

/** Why `file` is not a discussion the gate can judge; null when it is one. */
async function notADiscussion(engine: Engine, file: string): Promise<string | null> {
  try {
    const kind = await readFileKind(resolve(engine.cwd, file))
    if (kind === 'discussion') return null
    return `not a discussion: ${KIND_WORDS[kind]}`
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return 'no such file'
    if (code === 'EISDIR') return 'is a folder, not a discussion file'
    return `cannot be read (${code ?? String(error)})`
  }
}
