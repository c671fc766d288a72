/** Saving a persona from the participants manager: to the user's own folder or the project's. */
import { join } from 'node:path'

import { DiscussionError } from '../../core/errors.js'
import type { PersonaInput } from '../../core/personas/schema.js'
import { PROJECT_DATA_DIR } from '../config/load-config.js'
import { userConfigDir } from '../config/paths.js'
import { deletePersonaFile, savePersonaFile } from '../config/persona-file.js'
import type { EngineContext } from './engine-context.js'

export type PersonaTarget = 'user' | 'project'
export type SavedPersona = Awaited<ReturnType<typeof savePersonaFile>>

/** The layer's root (the folder its files must stay in, after links) and its personas folder. */
function layerFolders(engine: EngineContext, target: PersonaTarget): { root: string; dir: string } {
  let root: string
  if (target === 'user') root = userConfigDir(engine.env)
  else if (engine.projectRoot) root = engine.projectRoot
  else
    throw new DiscussionError(
      `${engine.cwd} is not inside a project (no discussions.yaml or .git above it): save to your own folder instead.`,
    )
  const dir = target === 'user' ? join(root, 'personas') : join(root, PROJECT_DATA_DIR, 'personas')
  return { root, dir }
}

export async function savePersona(
  engine: EngineContext,
  persona: PersonaInput,
  target: PersonaTarget,
): Promise<SavedPersona> {
  const { root, dir } = layerFolders(engine, target)
  const current = (await engine.personas()).get(persona.alias)
  return savePersonaFile(persona, dir, current?.file ?? null, root)
}

/**
 * Deletes a user's or project's persona file (a bundled one of the same alias shows again);
 * a bundled persona cannot be deleted. Returns the file deleted.
 */
export async function deletePersona(engine: EngineContext, alias: string): Promise<string> {
  const entry = (await engine.personas()).require(alias)
  if (entry.source === 'bundled')
    throw new DiscussionError(
      `${alias} is a bundled persona: it cannot be deleted. Saving it makes your own copy instead.`,
    )
  const { root, dir } = layerFolders(engine, entry.source)
  await deletePersonaFile(alias, entry.file, dir, root)
  return entry.file
}
