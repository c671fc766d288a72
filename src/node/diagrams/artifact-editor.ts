/**
 * The artifact editor protocol (from the seed): the editor is started with the output folder and a
 * proposed file name, and prints `ARTIFACT_SAVED:/absolute/path` on its own stdout when the person
 * saves. Only that program's stdout is read (never a model's text), and the path is checked: it
 * must exist, lie inside the workspace after symlinks, and have a diagram extension (which may
 * differ from the proposed one: the person may switch from PlantUML to SVG).
 */
import { realpath } from 'node:fs/promises'
import { relative } from 'node:path'

import { execa } from 'execa'

import { diagramKind } from '../../core/diagrams/kinds.js'
import { findProgram } from '../providers/which.js'
import { isInside } from '../files/is-inside.js'

export const DEFAULT_ARTIFACT_EDITOR = 'artifact-editor'
const SAVED = /^ARTIFACT_SAVED:(\/.+)$/
const MAX_OUTPUT = 1_000_000

export const NO_EDITOR_HINT =
  'Set artifact_editor in discussions.yaml to a program that speaks the ARTIFACT_SAVED ' +
  'protocol (see docs/diagrams.md), or install one named artifact-editor on PATH.'

export interface ArtifactRequest {
  /** The configured command line (split on spaces; quotes group words); null: the default. */
  editor: string | null
  /** Where the artifact should go (the discussion's diagrams folder). */
  outputDir: string
  /** A proposed file name such as `cache-layer-20261123T101500.puml`. */
  proposedName: string
  /** The folders the saved file must lie in (the workspace). */
  roots: readonly string[]
  /** The folder the returned relative path is relative to (the discussion's). */
  relativeTo: string
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
}

export type ArtifactOutcome =
  | { kind: 'saved'; path: string; relative: string }
  | { kind: 'cancelled'; message: string }
  | { kind: 'no-editor'; message: string }
  | { kind: 'refused'; message: string }

/** `my-editor --flag "two words"` -> ['my-editor', '--flag', 'two words']; no shell involved. */
export function splitCommand(command: string): string[] {
  const words: string[] = []
  for (const match of command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g))
    words.push(match[1] ?? match[2] ?? match[3] ?? '')
  return words
}

/** Checks a saved path the editor reported; returns the outcome the app acts on. */
export async function checkSavedArtifact(
  reported: string,
  roots: readonly string[],
  relativeTo: string,
): Promise<ArtifactOutcome> {
  let real: string
  try {
    real = await realpath(reported)
  } catch {
    return {
      kind: 'refused',
      message: `${reported}: the editor reported it saved, but no such file.`,
    }
  }
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => root)))
  if (!realRoots.some((root) => isInside(root, real)))
    return { kind: 'refused', message: `${reported}: is outside the workspace; not added.` }
  if (!diagramKind(real))
    return {
      kind: 'refused',
      message: `${reported}: not a diagram (.puml, .mmd or .svg); not added.`,
    }
  const base = await realpath(relativeTo).catch(() => relativeTo)
  return { kind: 'saved', path: real, relative: relative(base, real).split('\\').join('/') }
}

/** Runs the editor until it exits; the last valid ARTIFACT_SAVED line wins. */
export async function launchArtifactEditor(request: ArtifactRequest): Promise<ArtifactOutcome> {
  const [program, ...args] = splitCommand(request.editor ?? DEFAULT_ARTIFACT_EDITOR)
  const found = program ? findProgram(program, request.env, request.outputDir) : null
  if (!program || !found)
    return {
      kind: 'no-editor',
      message: `The artifact editor "${program ?? ''}" was not found. ${NO_EDITOR_HINT}`,
    }
  const result = await execa(
    found,
    [...args, '--output-dir', request.outputDir, '--name', request.proposedName],
    {
      env: request.env,
      extendEnv: false,
      cwd: request.outputDir,
      stdin: 'ignore',
      maxBuffer: MAX_OUTPUT,
      reject: false,
      ...(request.signal ? { cancelSignal: request.signal } : {}),
    },
  )
  const lines = String(result.stdout).split(/\r?\n/)
  const reported = lines.flatMap((line) => SAVED.exec(line.trim())?.[1] ?? []).at(-1)
  if (!reported) {
    const why = result.exitCode === 0 ? 'closed without saving' : `exited with ${result.exitCode}`
    return { kind: 'cancelled', message: `The artifact editor ${why}; nothing was added.` }
  }
  return checkSavedArtifact(reported, request.roots, request.relativeTo)
}

/** Whether a graphical editor can open here: on Linux and BSD it needs a display. */
export function hasDisplay(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY)
}
