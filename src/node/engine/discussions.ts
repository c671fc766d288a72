/**
 * A discussion file's own use cases: reading it, the checks before anything is written to it,
 * creating one from a template, its status under the configured rules, and moving its phase.
 */
import { join, resolve } from 'node:path'

import { isAgentName } from '../../core/discussion/agent-author.js'
import { renderNewDiscussion } from '../../core/discussion/create.js'
import { currentPhase, describeDiscussion } from '../../core/discussion/describe.js'
import { discussionStatus } from '../../core/discussion/status.js'
import type { DiscussionStatus } from '../../core/discussion/status.js'
import { DiscussionError } from '../../core/errors.js'
import { headerValue } from '../../core/format/headers.js'
import { findPhase, initialPhase, nextPhase } from '../../core/templates/phases.js'
import type { TemplatePhase } from '../../core/templates/schema.js'
import { userConfigDir } from '../config/paths.js'
import { projectOutputDirectory } from '../config/project-output.js'
import { isInside } from '../files/is-inside.js'
import { isTrusted } from '../providers/trust.js'
import { createDiscussionFile } from '../store/discussion-folder.js'
import type { DiscussionSnapshot } from '../store/discussion-store.js'
import type { EngineContext } from './engine-context.js'
import type { LoadedDiscussion, NewDiscussion } from './engine-types.js'
import { admitText, admitTyped, admitTypedName } from '../../core/text/text.js'

export async function loadDiscussion(
  engine: EngineContext,
  path: string,
): Promise<LoadedDiscussion> {
  let snapshot: DiscussionSnapshot
  try {
    snapshot = await engine.store.read(resolve(engine.cwd, path), path)
  } catch (error) {
    throw missingFileError(path, error)
  }
  return { ...snapshot, view: describeDiscussion(snapshot.parsed) }
}

/** See Engine.loadText. */
export async function loadDiscussionText(
  engine: EngineContext,
  path: string,
): Promise<Omit<DiscussionSnapshot, 'parsed'>> {
  try {
    return await engine.store.readText(resolve(engine.cwd, path), path)
  } catch (error) {
    throw missingFileError(path, error)
  }
}

/** See Engine.requireWritableDiscussion. */
export async function requireWritableDiscussion(
  engine: EngineContext,
  path: string,
  options: { folder?: boolean } = {},
): Promise<string> {
  const resolved = resolve(engine.cwd, path)
  try {
    await engine.store.requireWritable(resolved, { shown: path, folder: options.folder === true })
  } catch (error) {
    throw missingFileError(path, error)
  }
  return resolved
}

/** Moves to the template's next phase, or to `to`; returns both phases. */
export async function advanceDiscussion(
  engine: EngineContext,
  path: string,
  to?: string,
): Promise<{ from: string; to: string }> {
  await requireWritableDiscussion(engine, path, { folder: true })
  const loaded = await loadDiscussion(engine, path)
  const templateName = headerValue(loaded.parsed, 'Template')
  if (!templateName)
    throw new DiscussionError(
      `${path} names no template (<!-- Template: ... -->), so its phases are unknown.`,
    )
  const { template } = await engine.requireTemplate(templateName)
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
  if (target === from) throw new DiscussionError(`The discussion is already in phase "${target}".`)
  // `from` is the file's header and `target` the template's: both outside text.
  await engine.store.recordPhaseTransition(loaded.path, admitText(from), admitText(target))
  return { from, to: target }
}

/** Creates a discussion from a template (default: the configured one); returns its path. */
export async function createDiscussion(
  engine: EngineContext,
  request: NewDiscussion,
): Promise<string> {
  if (request.title.trim() === '')
    throw new DiscussionError('The title is empty; give the discussion a name.')
  const title = admitTypedName(request.title, 'The title')
  const context = admitTyped(request.context ?? '', 'The context')
  const { template } = await engine.requireTemplate(
    request.template ?? engine.config.default_template,
  )
  const participants =
    request.participants && request.participants.length > 0
      ? [...request.participants]
      : template.participants.length > 0
        ? template.participants
        : engine.config.default_participants
  const personas = await engine.personas()
  // A coding agent may be listed by its name (its vote then counts); it is no persona.
  for (const alias of participants) if (!isAgentName(alias)) personas.require(alias)
  // The template's words are config: a project's own templates come from its folder.
  const text = renderNewDiscussion({
    title,
    template: admitText(template.name),
    phase: admitText(initialPhase(template).id),
    status: admitText(template.status),
    participants: participants.map((alias) => admitText(alias)),
    context,
    created: new Date(),
    skeleton: template.skeleton === null ? null : admitText(template.skeleton),
  })
  const folder = await outputFolder(engine, request.dir)
  return createDiscussionFile(folder, request.title, text, engine.projectRoot ?? engine.cwd)
}

/**
 * The folder a new discussion, council or debate goes to: `dir` as the person gave it, else
 * `output.directory`, which a project's own settings may point outside the project only once the
 * project is trusted (see project-output.ts).
 */
export async function outputFolder(engine: EngineContext, dir?: string): Promise<string> {
  if (dir !== undefined) return resolve(engine.cwd, dir)
  const folder = engine.discussionsDir
  const root = engine.projectRoot
  if (root === null || isInside(root, folder)) return folder
  const named = await projectOutputDirectory(root)
  if (named === null || (await isTrusted(root, userConfigDir(engine.env)))) return folder
  throw new DiscussionError(
    `${join(root, 'discussions.yaml')} sets output.directory to ${named}, outside the project (${folder}); a project's own settings may write there only once you trust it: run \`discussions trust\` in ${root}, or give --dir.`,
  )
}

/** See Engine.status. */
export async function statusOf(
  engine: EngineContext,
  loaded: Pick<LoadedDiscussion, 'view'>,
): Promise<DiscussionStatus> {
  const phase = await phaseOf(engine, loaded.view.template, loaded.view.phase)
  return discussionStatus(loaded.view, engine.config.consensus, {
    ...(phase ? { phaseVotes: phase.voting, phase: phase.title } : {}),
  })
}

/** A phase of a discussion's template (its first when `phase` is null); undefined if unknown. */
export async function phaseOf(
  engine: EngineContext,
  templateName: string | null,
  phase: string | null,
): Promise<TemplatePhase | undefined> {
  if (!templateName) return undefined
  try {
    const entry = await engine.template(templateName)
    if (!entry) return undefined
    return findPhase(entry.template, phase ?? initialPhase(entry.template).id)
  } catch {
    return undefined // a broken template leaves the verdict as if the phase votes
  }
}

function missingFileError(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT')
    return new DiscussionError(
      `${path}: no such file. \`discussions list\` shows the discussions here.`,
    )
  if (code === 'EISDIR') return new DiscussionError(`${path}: is a folder, not a discussion file.`)
  if (code === 'EACCES' || code === 'EPERM')
    return new DiscussionError(`${path}: cannot be read (permission denied).`)
  return error
}
