/**
 * Making a diagram for a discussion, one workflow for the CLI and the app: the configured artifact
 * editor (trusted projects only) where there is a display, else the caller's own fallback (the
 * app's built-in editor, the CLI's $VISUAL/$EDITOR, which `editArtifactInTerminal` runs).
 */
import { rmSync } from 'node:fs'
import { access } from 'node:fs/promises'
import { basename, dirname, join, relative } from 'node:path'

import { execa } from 'execa'

import { diagramSlug, fileTime } from '../../core/diagrams/extract.js'
import { DiscussionError } from '../../core/errors.js'
import {
  hasDisplay,
  launchArtifactEditor,
  NO_EDITOR_HINT,
  splitCommand,
} from '../diagrams/artifact-editor.js'
import { checkDiagramName, outputFolderOf } from '../diagrams/diagram-name.js'
import { artifactEditorSetting } from '../diagrams/editor-setting.js'
import { findProgram } from '../providers/which.js'
import { createDurably, ensureFolderInside } from '../store/durable-write.js'
import type { EngineContext } from './engine-context.js'
import { HOST_PLATFORM } from '../host.js'

export interface NewArtifact {
  /** The discussion the diagram is for; it goes into the `diagrams/` folder beside it. */
  file: string
  /** The file name to propose; default `<discussion>-<time>.puml`. */
  name?: string
  /** The folders the saved file must lie in; default the project (or the discussion's folder). */
  roots?: readonly string[]
  /** Where the editor would show (default: this process's platform). */
  platform?: NodeJS.Platform
  signal?: AbortSignal
}

export type ArtifactResult =
  | { kind: 'saved'; ref: string; path: string }
  /** No editor to run here (`no-display`, `no-editor`): the caller opens its own instead. */
  | { kind: 'fallback'; reason: 'no-display' | 'no-editor'; message: string; target: string }
  | { kind: 'cancelled' | 'refused'; message: string }

const STARTER =
  "@startuml\n' Draw here, save and close the editor.\nAlice -> Bob : hello\n@enduml\n"

/** The name a new diagram of `discussion` is proposed under. */
export function proposedArtifactName(discussion: string, now = new Date()): string {
  return `${diagramSlug(basename(discussion).replace(/\.md$/i, ''))}-${fileTime(now)}.puml`
}

export async function newArtifact(
  engine: EngineContext,
  request: NewArtifact,
): Promise<ArtifactResult> {
  // A clear message for a missing file, a file that is not a discussion, or one we cannot write.
  const file = await engine.requireWritableDiscussion(request.file)
  const folder = dirname(file)
  const outputDir = outputFolderOf(file)
  // The name stays inside diagrams/ and carries a diagram extension.
  const proposedName = checkDiagramName(request.name ?? proposedArtifactName(file))
  const target = join(outputDir, proposedName)
  const setting = await artifactEditorSetting(
    engine.config.artifact_editor,
    engine.projectRoot,
    engine.env,
  )
  if ('problem' in setting) return { kind: 'refused', message: setting.problem }
  if (!hasDisplay(engine.env, request.platform ?? HOST_PLATFORM))
    return {
      kind: 'fallback',
      reason: 'no-display',
      message: 'No display for the artifact editor here.',
      target,
    }
  await ensureFolderInside(outputDir, folder)
  const outcome = await launchArtifactEditor({
    editor: setting.editor,
    outputDir,
    proposedName,
    roots: request.roots ?? [engine.projectRoot ?? folder],
    relativeTo: folder,
    env: engine.env,
    ...(request.signal ? { signal: request.signal } : {}),
  })
  switch (outcome.kind) {
    case 'saved':
      return { kind: 'saved', ref: outcome.relative, path: outcome.path }
    case 'no-editor':
      return { kind: 'fallback', reason: 'no-editor', message: outcome.message, target }
    default:
      return outcome
  }
}

export type OpenedDiagram =
  /** No editor can show here: the caller opens its built-in editor. */
  { kind: 'built-in' } | { kind: 'opened' | 'refused'; message: string }

/**
 * Opens an existing diagram `file` of `discussion` in the configured artifact editor. Never the
 * system's default action for the file, which would run a `.desktop`, `.bat` or `.app`.
 */
export async function openDiagramInEditor(
  engine: EngineContext,
  request: {
    discussion: string
    file: string
    roots: readonly string[]
    platform?: NodeJS.Platform
  },
): Promise<OpenedDiagram> {
  const setting = await artifactEditorSetting(
    engine.config.artifact_editor,
    engine.projectRoot,
    engine.env,
  )
  if ('problem' in setting) return { kind: 'refused', message: setting.problem }
  if (!hasDisplay(engine.env, request.platform ?? HOST_PLATFORM)) return { kind: 'built-in' }
  const outcome = await launchArtifactEditor({
    editor: setting.editor,
    outputDir: dirname(request.file),
    proposedName: basename(request.file),
    roots: request.roots,
    relativeTo: dirname(request.discussion),
    env: engine.env,
  })
  if (outcome.kind === 'no-editor') return { kind: 'built-in' }
  if (outcome.kind === 'saved') return { kind: 'opened', message: `Saved ${outcome.relative}.` }
  return { kind: 'opened', message: outcome.message }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

/**
 * The headless fallback: `$VISUAL`/`$EDITOR` on a new .puml at `target`, in this terminal.
 * Refuses without a terminal (`hasTerminal`: a terminal editor would wait forever for keys nobody
 * can type). The starter file is removed when the editor fails, is killed, or this process is
 * interrupted, so nothing is left behind. Returns the `DIAGRAM:` reference (relative to
 * `discussion`) once the editor exits cleanly.
 */
export async function editArtifactInTerminal(
  engine: EngineContext,
  discussion: string,
  target: string,
  hasTerminal: boolean,
): Promise<string> {
  const command = engine.env.VISUAL || engine.env.EDITOR
  if (!command)
    throw new DiscussionError(
      `No artifact editor can open here and neither $VISUAL nor $EDITOR is set. ${NO_EDITOR_HINT} Or set EDITOR (for example EDITOR=nano).`,
    )
  if (!hasTerminal)
    throw new DiscussionError(
      `No display for the artifact editor, and no terminal for $VISUAL/$EDITOR (${command}), so nothing was created. ${NO_EDITOR_HINT} Or run this in a terminal.`,
    )
  const [program, ...args] = splitCommand(command)
  if (!program || !findProgram(program, engine.env, engine.cwd))
    throw new DiscussionError(`The editor "${command}" ($VISUAL/$EDITOR) was not found.`)
  if (await exists(target)) throw new DiscussionError(`${target}: already exists.`)
  const within = dirname(discussion)
  await ensureFolderInside(dirname(target), within)
  await createDurably(target, STARTER, within)
  const removeStarter = (): void => rmSync(target, { force: true })
  const onSignal = (signal: NodeJS.Signals): void => {
    removeStarter()
    process.kill(process.pid, signal)
  }
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']
  for (const signal of signals) process.once(signal, onSignal)
  try {
    const result = await execa(program, [...args, target], {
      env: engine.env,
      stdio: 'inherit',
      reject: false,
    })
    if (result.exitCode !== 0 || result.signal) {
      removeStarter()
      throw new DiscussionError(
        `The editor ${result.signal ? `was stopped (${result.signal})` : `exited with ${result.exitCode}`}; nothing was created.`,
      )
    }
  } finally {
    for (const signal of signals) process.removeListener(signal, onSignal)
  }
  return relative(dirname(discussion), target).split('\\').join('/')
}
